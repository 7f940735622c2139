import type { Bool, Id, Timestamp } from './columns';

export type ClaimStatus = 'new' | 'in_review' | 'accepted' | 'rejected' | 'closed';
export type ClaimReason = 'damaged' | 'wrong_item' | 'shortage' | 'defect' | 'other';

export interface ClaimsTable {
  id: Id;
  order_id: number;
  product_id: number;
  quantity: number;
  reason: ClaimReason;
  description: string;
  status: ClaimStatus;
  resolution: string;
  created_by: number | null;
  created_at: Timestamp;
}

/** A message of a claim's conversation; `internal`: a staff note, never shown to a dealer. */
export interface ClaimCommentsTable {
  id: Id;
  claim_id: number;
  author_id: number | null;
  body: string;
  internal: Bool;
  created_at: Timestamp;
}

/** A photo or document of a claim (comment_id null) or of one of its comments. */
export interface ClaimFilesTable {
  id: Id;
  claim_id: number;
  comment_id: number | null;
  file_id: number;
}
