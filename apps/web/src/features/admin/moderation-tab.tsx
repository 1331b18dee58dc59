import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { errorMessage } from '../../shared/api.ts';
import { type AdminPost, useDeleteAdminPostMutation, useGetAdminPostsQuery } from './admin-api.ts';
import { AdminSection, when } from './admin-section.tsx';

function PostRow({ post }: { post: AdminPost }) {
  const [remove, { isLoading, error }] = useDeleteAdminPostMutation();
  const author = post.userName ?? post.userEmail ?? post.userId;
  return (
    <Box
      component="li"
      data-testid="admin-post"
      sx={{ listStyle: 'none', py: 1.5, borderBottom: 1, borderColor: 'divider', display: 'grid', gap: 0.5 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          sx={{ flex: '1 1 220px', minWidth: 0, overflowWrap: 'anywhere' }}
        >
          <strong>{author}</strong> on {post.symbol ? `${post.symbol} · ` : ''}
          {post.eventTitle ?? `event ${post.eventId}`} · {when(post.createdAt)}
          {post.editedAt ? ' · edited' : ''}
        </Typography>
        <Button
          size="small"
          color="error"
          variant="outlined"
          disabled={isLoading}
          aria-label={`Delete the post by ${author}`}
          onClick={() => {
            if (window.confirm(`Delete this post by ${author}? Everyone following the event sees it go.`))
              void remove({ id: post.id });
          }}
        >
          Delete
        </Button>
      </Box>
      <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{post.content}</Typography>
      {error ? <Alert severity="error">{errorMessage(error, 'The post could not be deleted.')}</Alert> : null}
    </Box>
  );
}

/** The newest community posts across every event, each deletable by a super admin. */
export function ModerationTab() {
  const { data, error, isLoading, isFetching, refetch } = useGetAdminPostsQuery({});
  return (
    <AdminSection
      title="Community posts"
      testId="admin-moderation"
      aside={
        <Button size="small" onClick={() => void refetch()} disabled={isFetching}>
          Refresh
        </Button>
      }
    >
      <Typography variant="body2" color="text.secondary">
        The newest posts on every event’s comments, newest first. A deleted post disappears for everyone at once.
      </Typography>
      {isLoading ? (
        <CircularProgress aria-label="Loading the posts" />
      ) : !data ? (
        <Alert severity="error">{errorMessage(error, 'The posts could not be loaded.')}</Alert>
      ) : data.posts.length === 0 ? (
        <Typography>No posts yet.</Typography>
      ) : (
        <Box component="ul" sx={{ m: 0, p: 0 }} aria-label="Community posts">
          {data.posts.map((post) => (
            <PostRow key={post.id} post={post} />
          ))}
        </Box>
      )}
    </AdminSection>
  );
}
