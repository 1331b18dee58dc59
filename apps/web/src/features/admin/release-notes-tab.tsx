import {
  Alert,
  Box,
  Button,
  CircularProgress,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../shared/api.ts';
import {
  type AdminReleaseNote,
  type ReleaseNoteDraft,
  useAddReleaseNoteMutation,
  useDeleteReleaseNoteMutation,
  useEditReleaseNoteMutation,
  useGetAdminReleaseNotesQuery,
} from './admin-api.ts';
import { AdminSection } from './admin-section.tsx';

type Platform = ReleaseNoteDraft['platform'];
const PLATFORM_LABELS: Record<Platform, string> = { web: 'the web app', native: 'the iOS and Android apps' };

const today = () => new Date().toISOString().slice(0, 10);

interface Draft {
  version: string;
  date: string;
  title: string;
  items: string;
}
const EMPTY = (): Draft => ({ version: '', date: today(), title: '', items: '' });
const draftOf = (note: AdminReleaseNote): Draft => ({
  version: note.version,
  date: note.date,
  title: note.title,
  items: note.items.join('\n'),
});

function NoteForm({
  platform,
  editing,
  onDone,
}: {
  platform: Platform;
  editing: AdminReleaseNote | null;
  onDone: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(editing ? draftOf(editing) : EMPTY());
  const [add, adding] = useAddReleaseNoteMutation();
  const [edit, editingState] = useEditReleaseNoteMutation();
  const error = adding.error ?? editingState.error;
  const busy = adding.isLoading || editingState.isLoading;
  const field = (key: keyof Draft) => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const body: ReleaseNoteDraft = {
      platform,
      version: draft.version.trim(),
      date: draft.date,
      title: draft.title.trim(),
      items: draft.items
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean),
    };
    const result = editing ? await edit({ id: editing.id, ...body }) : await add(body);
    if (!('error' in result)) {
      setDraft(EMPTY());
      onDone();
    }
  };
  return (
    <Box
      component="form"
      onSubmit={submit}
      aria-label={editing ? 'Edit the release note' : 'New release note'}
      sx={{ display: 'grid', gap: 1.5 }}
    >
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
        {editing ? `Edit ${editing.version}` : `New note for ${PLATFORM_LABELS[platform]}`}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField size="small" label="Version" required {...field('version')} placeholder="1.2.0" />
        <TextField
          size="small"
          label="Date"
          type="date"
          required
          {...field('date')}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Box>
      <TextField
        size="small"
        label="Title"
        required
        {...field('title')}
        slotProps={{ htmlInput: { maxLength: 120 } }}
      />
      <TextField size="small" label="Changes, one a line" required multiline minRows={3} {...field('items')} />
      {error ? <Alert severity="error">{errorMessage(error, 'The note could not be saved.')}</Alert> : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        <Button type="submit" variant="contained" disabled={busy}>
          {editing ? 'Save changes' : 'Publish'}
        </Button>
        {editing ? (
          <Button onClick={onDone} disabled={busy}>
            Cancel
          </Button>
        ) : null}
      </Box>
    </Box>
  );
}

function NoteRow({ note, onEdit }: { note: AdminReleaseNote; onEdit: () => void }) {
  const [remove, { isLoading, error }] = useDeleteReleaseNoteMutation();
  return (
    <Box
      component="li"
      data-testid="admin-release-note"
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 600, flex: '1 1 200px', minWidth: 0, overflowWrap: 'anywhere' }}>
          {note.title}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {note.version} · {note.date}
        </Typography>
        <Button size="small" onClick={onEdit}>
          Edit
        </Button>
        <Button
          size="small"
          color="error"
          disabled={isLoading}
          onClick={() => {
            if (window.confirm(`Delete the note “${note.title}”?`)) void remove({ id: note.id });
          }}
        >
          Delete
        </Button>
      </Box>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {note.items.map((item, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a note's items are plain lines, possibly repeated
          <Typography component="li" variant="body2" key={index}>
            {item}
          </Typography>
        ))}
      </Box>
      {error ? <Alert severity="error">{errorMessage(error, 'The note could not be deleted.')}</Alert> : null}
    </Box>
  );
}

/** SPEC §4: release notes per platform (web, and the iOS and Android apps), written here. */
export function ReleaseNotesTab() {
  const [platform, setPlatform] = useState<Platform>('web');
  const [editing, setEditing] = useState<AdminReleaseNote | null>(null);
  const { data, error, isLoading } = useGetAdminReleaseNotesQuery({ platform });
  return (
    <AdminSection
      title="Release notes"
      testId="admin-release-notes"
      aside={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={platform}
          onChange={(_, value: Platform | null) => {
            if (value) {
              setPlatform(value);
              setEditing(null);
            }
          }}
          aria-label="Platform"
        >
          <ToggleButton value="web">Web</ToggleButton>
          <ToggleButton value="native">Apps</ToggleButton>
        </ToggleButtonGroup>
      }
    >
      <Typography variant="body2" color="text.secondary">
        People using {PLATFORM_LABELS[platform]} see the newest note highlighted until they open it.
      </Typography>
      <NoteForm
        key={`${platform}-${editing?.id ?? 'new'}`}
        platform={platform}
        editing={editing}
        onDone={() => setEditing(null)}
      />
      {isLoading ? (
        <CircularProgress aria-label="Loading the notes" />
      ) : error ? (
        <Alert severity="error">{errorMessage(error, 'The notes could not be loaded.')}</Alert>
      ) : data?.notes.length ? (
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label={`Release notes for ${PLATFORM_LABELS[platform]}`}>
          {data.notes.map((note) => (
            <NoteRow key={note.id} note={note} onEdit={() => setEditing(note)} />
          ))}
        </Box>
      ) : (
        <Typography>No notes for {PLATFORM_LABELS[platform]} yet.</Typography>
      )}
    </AdminSection>
  );
}
