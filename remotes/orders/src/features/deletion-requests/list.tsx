// «Запросы на отмену»: a dealer's own requests with their decisions; for staff, the queue of pending
// requests first (the screen's default view), all requests a click away, with «Одобрить» and
// «Отклонить» on each pending one. Rows change only once the server has answered: after a decision
// the list is asked again, so what it shows is what the server now holds. A decision, and a document
// that could not be downloaded, are said as every action's answer is (useSay); a refused decision
// is said in its dialog, which stays open.
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { PlainButton } from '@portal/shared/ui/plain-button';
import DownloadOutlined from '@ant-design/icons/DownloadOutlined';
import { selectIsStaff, useAppSelector, useTranslation, type OrderDeletionRequest } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { DateText } from '@portal/shared/ui/format';
import { ResourceList, type ListControls, type ResourceColumn } from '@portal/shared/ui/resource-list';
import { backState } from '@portal/shared/ui/back-state';
import { StatusTag } from '@portal/shared/ui/status-tag';
import { MutedText } from '@portal/shared/ui/text';
import { downloadRequestDocument, type Decision } from './api';
import { DecisionButtons } from './decision-buttons';
import { ViewSwitch } from '../../components/view-switch';
import { DELETION_REQUESTS_PATH, deletionRequestListArea, pendingRequestsArea } from './deletion-requests-slice';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
/** The queue's CSV: the same fixed filter its area's list calls carry. */
/** The address parameter of the staff's view: absent for the queue, `all` for every request. */
const VIEW = 'view';

/** The change that decided the request (who, and the comment the dealer reads), if it is kept. */
function decisionOf(request: OrderDeletionRequest) {
  return request.history.findLast((change) => change.from === 'pending' && change.to === request.status);
}

export default function DeletionRequestList() {
  const { t } = useTranslation('orders');
  const say = useSay();
  const location = useLocation();
  const isStaff = useAppSelector(selectIsStaff);
  const [searchParams, setSearchParams] = useSearchParams();
  const queue = isStaff && searchParams.get(VIEW) !== 'all';

  const showView = (view: string) => {
    setSearchParams((current) => {
      const params = new URLSearchParams(current);
      // Another list: its page and status filter do not carry over.
      params.delete('page');
      params.delete('status');
      if (view === 'all') params.set(VIEW, 'all');
      else params.delete(VIEW);
      return params;
    });
  };

  const download = async (request: OrderDeletionRequest) => {
    if (!request.document) return;
    try {
      await downloadRequestDocument(request.document);
    } catch (err) {
      say(t('deletionRequests.downloadFailed', { name: request.document.name, message: err instanceof Error ? err.message : String(err) }), { tone: 'error' });
    }
  };

  const decided = (list: ListControls) => (request: OrderDeletionRequest, decision: Decision) => {
    say(t(`deletionRequests.${decision}`, { number: request.order_number }));
    list.reload();
  };

  const secondary = (text: string) => <MutedText>{text}</MutedText>;

  const columns = (list: ListControls): ResourceColumn<OrderDeletionRequest>[] => [
    {
      title: t('deletionRequests.columns.order'), dataIndex: 'order_number', sortable: true,
      render: (number: string, request) => (
        <Link to={`../${request.order}`} state={backState(location)} aria-label={t('deletionRequests.order', { number })} style={{ whiteSpace: 'nowrap' }}>{number}</Link>
      ),
    },
    {
      title: t('deletionRequests.columns.reason'), dataIndex: 'reason',
      render: (reason: string) => <span style={{ display: 'block', maxWidth: 360, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{reason}</span>,
    },
    {
      // No dataIndex: the file itself is not a CSV column.
      title: t('deletionRequests.columns.document'), key: 'document',
      render: (_: unknown, request) => (request.document
        ? (
          <PlainButton size="small" icon={<DownloadOutlined />} onClick={() => download(request)} title={request.document.name}
            aria-label={t('deletionRequests.downloadLabel', { number: request.order_number })}>
            {t('deletionRequests.download')}
          </PlainButton>
        )
        : secondary(t('deletionRequests.noDocument'))),
    },
    { title: t('deletionRequests.columns.status'), dataIndex: 'status', sortable: true, render: (status: string) => <StatusTag status={status} /> },
    { title: t('deletionRequests.columns.createdAt'), dataIndex: 'created_at', sortable: true, render: (value: string) => <DateText value={value} /> },
    {
      title: t('deletionRequests.columns.decision'), dataIndex: 'decided_at', sortable: true,
      render: (value: string | null, request) => {
        if (!value) return secondary(t('deletionRequests.awaiting'));
        const decision = decisionOf(request);
        return (
          <span style={{ display: 'flex', flexDirection: 'column', gap: 2, maxWidth: 320 }}>
            <span>
              <DateText value={value} />
              {decision?.who && <MutedText>{`, ${decision.who}`}</MutedText>}
            </span>
            {decision?.comment && <span style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{decision.comment}</span>}
          </span>
        );
      },
    },
    {
      title: t('deletionRequests.columns.actions'), key: 'actions', hidden: !isStaff,
      render: (_: unknown, request) => (request.status === 'pending' ? <DecisionButtons request={request} onDecided={decided(list)} /> : null),
    },
  ];

  const views = isStaff && (
    <ViewSwitch
      label={t('deletionRequests.views.label')}
      value={queue ? 'pending' : 'all'}
      onChange={showView}
      options={[{ value: 'pending', label: t('deletionRequests.views.pending') }, { value: 'all', label: t('deletionRequests.views.all') }]}
    />
  );

  return (
    <ResourceList
      // The queue and the whole list are two lists: each keeps its own rows and loading state.
      key={queue ? 'queue' : 'all'}
      area={queue ? pendingRequestsArea : deletionRequestListArea}
      title={t('deletionRequests.title')}
      actions={views}
      columns={columns}
      defaultOrdering="-created_at"
      exportPath={DELETION_REQUESTS_PATH}
      exportName="cancellation-requests"
      emptyText={t(queue ? 'deletionRequests.queueEmpty' : 'deletionRequests.empty')}
      filters={queue ? [] : [{
        name: 'status', label: t('deletionRequests.filters.status'),
        options: STATUSES.map((status) => ({ value: status, label: t(`deletionRequests.statuses.${status}`) })),
      }]}
    />
  );
}
