import type { CommunityPost } from '@eh/contracts';
import { COMMUNITY_POST_MAX_CHARS } from '@eh/domain';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { type ApiError, errorMessage } from '../../shared/api.ts';
import { useAppDispatch, useAppSelectorInTransition } from '../../shared/hooks.ts';
import { formatDateTime } from '../../shared/market/format.ts';
import { modalOpened } from '../../shared/modals/modals-slice.ts';
import { useTimeZone } from '../calendar/index.ts';
import {
  useCreateCommunityPostMutation,
  useDeleteCommunityPostMutation,
  useUpdateCommunityPostMutation,
} from './live-calls-api.ts';
import { type CommentsState, commentActions, type Viewer } from './live-calls-model.ts';

/** Characters as the server counts them (code points). */
const charsOf = (text: string) => [...text.trim()].length;

function Composer({ eventId, onPosted }: { eventId: number; onPosted: (post: CommunityPost) => void }) {
  const [text, setText] = useState('');
  const [create, state] = useCreateCommunityPostMutation();
  const [error, setError] = useState<string | null>(null);
  const chars = charsOf(text);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const result = await create({ eventId, content: text });
    if ('error' in result) setError(errorMessage(result.error as ApiError, 'Your comment could not be posted.'));
    else {
      onPosted(result.data);
      setText('');
    }
  };
  return (
    <Box component="form" onSubmit={submit} sx={{ mb: 2 }} data-testid="comment-form">
      <TextField
        label="Add a comment"
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        minRows={2}
        maxRows={6}
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'comment-input' } }}
        helperText={`${chars.toLocaleString('en-US')} / ${COMMUNITY_POST_MAX_CHARS.toLocaleString('en-US')} characters · plain text`}
        error={chars > COMMUNITY_POST_MAX_CHARS}
      />
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="comment-error">
          {error}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button
          type="submit"
          variant="contained"
          disabled={chars === 0 || chars > COMMUNITY_POST_MAX_CHARS || state.isLoading}
          data-testid="comment-submit"
        >
          Post
        </Button>
      </Box>
    </Box>
  );
}

function Comment({
  post,
  viewer,
  timeZone,
  onChanged,
  onDeleted,
}: {
  post: CommunityPost;
  viewer: Viewer;
  timeZone: string;
  onChanged: (post: CommunityPost) => void;
  onDeleted: (id: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState(post.content);
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useUpdateCommunityPostMutation();
  const [remove, removing] = useDeleteCommunityPostMutation();
  const actions = commentActions(post, viewer);
  const own = viewer.userId !== null && post.userId === viewer.userId;
  const save = async () => {
    setError(null);
    const result = await update({ id: post.id, content: draft });
    if ('error' in result) setError(errorMessage(result.error as ApiError, 'Your edit could not be saved.'));
    else {
      onChanged(result.data);
      setEditing(false);
    }
  };
  const del = async () => {
    setError(null);
    const result = await remove({ id: post.id });
    if ('error' in result) setError(errorMessage(result.error as ApiError, 'The comment could not be deleted.'));
    else onDeleted(post.id);
  };
  return (
    <Box
      component="li"
      data-testid="comment"
      data-post-id={post.id}
      sx={{ py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography component="span" sx={{ fontWeight: 700 }}>
          {post.userName ?? 'Member'}
          {own ? ' (you)' : ''}
        </Typography>
        <Typography component="span" variant="caption" color="text.secondary">
          <time dateTime={post.createdAt}>{formatDateTime(post.createdAt, timeZone)}</time>
          {post.updatedAt ? ' · edited' : ''}
        </Typography>
      </Box>
      {editing ? (
        <Box sx={{ mt: 1 }}>
          <TextField
            label="Edit your comment"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
            multiline
            minRows={2}
            maxRows={6}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'comment-edit-input' } }}
          />
          <Stack direction="row" spacing={1} sx={{ mt: 1, justifyContent: 'flex-end' }}>
            <Button size="small" onClick={() => setEditing(false)}>
              Cancel
            </Button>
            <Button
              size="small"
              variant="contained"
              onClick={save}
              disabled={updating.isLoading || charsOf(draft) === 0}
              data-testid="comment-save"
            >
              Save
            </Button>
          </Stack>
        </Box>
      ) : (
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }} data-testid="comment-content">
          {post.content}
        </Typography>
      )}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {!editing && (actions.edit || actions.remove) ? (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
          {actions.edit ? (
            <Button
              size="small"
              onClick={() => {
                setDraft(post.content);
                setEditing(true);
              }}
              data-testid="comment-edit"
            >
              Edit
            </Button>
          ) : null}
          {actions.remove && !confirming ? (
            <Button size="small" color="error" onClick={() => setConfirming(true)} data-testid="comment-delete">
              Delete
            </Button>
          ) : null}
          {confirming ? (
            <>
              <Typography variant="body2" sx={{ alignSelf: 'center' }}>
                {own ? 'Delete your comment?' : 'Delete this comment as an admin?'}
              </Typography>
              <Button
                size="small"
                color="error"
                variant="contained"
                onClick={del}
                disabled={removing.isLoading}
                data-testid="comment-delete-confirm"
              >
                Delete
              </Button>
              <Button size="small" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

export interface CommentsView {
  state: CommentsState;
  viewer: Viewer;
  loading: boolean;
  loadingOlder: boolean;
  error: string | null;
}

/**
 * SPEC §2 live panel comments: the event's community posts, newest first, as they are written (over the live
 * socket); a signed-in member posts, edits and deletes their own, a super admin deletes any; older ones a page
 * at a time. Text is shown as text, never as markup.
 */
export function CommentsPanel({
  eventId,
  view,
  onPosted,
  onChanged,
  onDeleted,
  onOlder,
}: {
  eventId: number;
  view: CommentsView;
  onPosted: (post: CommunityPost) => void;
  onChanged: (post: CommunityPost) => void;
  onDeleted: (id: string) => void;
  onOlder: () => void;
}) {
  const signedIn = useAppSelectorInTransition((state) => state.auth.status === 'signedIn');
  const dispatch = useAppDispatch();
  const [timeZone] = useTimeZone();
  const { posts, lastKey } = view.state;
  return (
    <Box data-testid="comments-panel">
      {signedIn ? (
        <Composer eventId={eventId} onPosted={onPosted} />
      ) : (
        <Alert
          severity="info"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => dispatch(modalOpened({ kind: 'signIn' }))}>
              Sign in
            </Button>
          }
        >
          Sign in to comment. Anyone can read the comments.
        </Alert>
      )}
      {view.error ? (
        <Alert severity="error" sx={{ mb: 2 }}>
          {view.error}
        </Alert>
      ) : null}
      {view.loading ? (
        <Typography color="text.secondary">Loading comments…</Typography>
      ) : posts.length === 0 ? (
        <Typography color="text.secondary" data-testid="comments-empty">
          No comments yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label="Comments" aria-live="polite" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {posts.map((post) => (
            <Comment
              key={post.id}
              post={post}
              viewer={view.viewer}
              timeZone={timeZone}
              onChanged={onChanged}
              onDeleted={onDeleted}
            />
          ))}
        </Box>
      )}
      {lastKey ? (
        <Button onClick={onOlder} disabled={view.loadingOlder} sx={{ mt: 1 }} data-testid="comments-older">
          Older comments
        </Button>
      ) : null}
    </Box>
  );
}
