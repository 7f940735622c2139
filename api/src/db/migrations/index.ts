// The in-code migration provider: every migration, in order. Names sort by their number prefix.
import type { Migration, MigrationProvider } from 'kysely';
import * as initial from './0001-initial';
import * as business from './0002-business';
import * as dataVersions from './0003-data-versions';
import * as listIndexes from './0004-list-indexes';
import * as statusHistory from './0005-status-history';
import * as stockReservations from './0006-stock-reservations';
import * as claimThreads from './0007-claim-threads';
import * as agreementVersions from './0008-agreement-versions';
import * as rateLimits from './0009-rate-limits';
import * as restoreMails from './0011-restore-mails';
import * as orderDetailVersions from './0012-order-detail-versions';
import * as orderCounts from './0013-order-counts';
import * as remoteReleases from './0014-remote-releases';
import * as sessions from './0015-sessions';
import * as audit from './0016-audit';
import * as uploadQuota from './0017-upload-quota';
import * as stockMovements from './0018-stock-movements';
import * as savedViews from './0019-saved-views';
import * as agreementSummaries from './0020-agreement-summaries';
import * as orderEdits from './0021-order-edits';
import * as profiles from './0022-profiles';
import * as newsReads from './0024-news-reads';
import * as newsletterDeliveries from './0023-newsletter-deliveries';
import * as exchange from './0025-exchange';

const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-business': business,
  '0003-data-versions': dataVersions,
  '0004-list-indexes': listIndexes,
  '0005-status-history': statusHistory,
  '0006-stock-reservations': stockReservations,
  '0007-claim-threads': claimThreads,
  '0008-agreement-versions': agreementVersions,
  '0009-rate-limits': rateLimits,
  '0011-restore-mails': restoreMails,
  '0012-order-detail-versions': orderDetailVersions,
  '0013-order-counts': orderCounts,
  '0014-remote-releases': remoteReleases,
  '0015-sessions': sessions,
  '0016-audit': audit,
  '0017-upload-quota': uploadQuota,
  '0018-stock-movements': stockMovements,
  '0019-saved-views': savedViews,
  '0020-agreement-summaries': agreementSummaries,
  '0021-order-edits': orderEdits,
  '0022-profiles': profiles,
  '0024-news-reads': newsReads,
  '0023-newsletter-deliveries': newsletterDeliveries,
  '0025-exchange': exchange,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
