// The claim's lifecycle and reasons as the API has them (design §5), for the screens' choices.
import type { ClaimReason, ClaimStatus } from '@portal/shared';

export const CLAIM_STATUSES: readonly ClaimStatus[] = ['new', 'in_review', 'accepted', 'rejected', 'closed'];
export const CLAIM_REASONS: readonly ClaimReason[] = ['damaged', 'wrong_item', 'shortage', 'defect', 'other'];

/** The steps each status allows, one at a time (api/src/lib/lifecycle.ts). */
export const NEXT_STATUSES: Record<ClaimStatus, ClaimStatus[]> = {
  new: ['in_review'], in_review: ['accepted', 'rejected'], accepted: ['closed'], rejected: ['closed'], closed: [],
};

/** A decision says what was decided: the API refuses these steps without a resolution. */
export const needsResolution = (status: ClaimStatus) => status === 'accepted' || status === 'rejected';
