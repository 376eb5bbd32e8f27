import type { PostStatus } from '@gemstore/contracts';

export const POST_STATUS_LABELS: Record<PostStatus, string> = { draft: 'Draft', published: 'Published' };
export const postStatusColor = (status: PostStatus) => (status === 'published' ? 'green' : 'gray');
