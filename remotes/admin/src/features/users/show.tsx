// A user's page (admin): its email, role, dealer, state, when it was created and last signed in;
// «Изменить», «Отправить ссылку для входа» (a new set-password link by mail), and «Отключить» or
// «Включить» with a confirm that says what it means (deactivation ends the user's sessions at once).
// The server refuses to deactivate oneself or the last active admin; the confirm shows its words.
// What a step did is said as every action's answer is (useSay).
import { useState } from 'react';
import { Link, useNavigate, useParams, useResolvedPath } from 'react-router-dom';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import EditOutlined from '@ant-design/icons/EditOutlined';
import MailOutlined from '@ant-design/icons/MailOutlined';
import { selectCurrentUser, useAppDispatch, useAppSelector, useTranslation, type User } from '@portal/shared';
import { useSay } from '@portal/shared/ui/answer';
import { ConfirmButton } from '@portal/shared/ui/confirm-button';
import { DateText } from '@portal/shared/ui/format';
import { ShowFrame } from '@portal/shared/ui/show-frame';
import { NotFoundPanel } from '@portal/shared/ui/text';
import { useChoices } from '@portal/shared/ui/use-choices';
import { useItem } from '@portal/shared/ui/use-item';
import { ActiveTag } from './active-tag';
import { AdminOnly } from '../../admin-only';
import { sendSignInLink } from './api';
import { userName } from './user-name';
import { usersArea } from './users-slice';

/** The user's state: the API takes the whole user on PUT, so the user is sent with only `is_active` changed. */
function ActiveButton({ user }: { user: User }) {
  const { t } = useTranslation('admin');
  const dispatch = useAppDispatch();
  const say = useSay();
  const step = user.is_active ? 'deactivate' : 'activate';
  const { id, first_name, last_name, role, dealer } = user;
  return (
    <ConfirmButton danger={user.is_active} title={t(`users.${step}.title`, { name: userName(user) })} content={t(`users.${step}.text`)}
      okText={t(`users.${step}.button`)}
      onConfirm={async () => {
        await dispatch(usersArea.update({ id, first_name, last_name, role, dealer, is_active: !user.is_active })).unwrap();
        say(t(user.is_active ? 'answers.userDeactivated' : 'answers.userActivated', { email: user.email }));
      }}>
      {t(`users.${step}.button`)}
    </ConfirmButton>
  );
}

export default function UserShow() {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const { id } = useParams();
  // The list is the page's parent address, whichever base path the host gives the remote.
  const list = useResolvedPath('..', { relative: 'path' }).pathname;
  const me = useAppSelector(selectCurrentUser);
  const dealers = useChoices('/api/dealers/');
  const { item, status: itemStatus, error, reload } = useItem(usersArea, id);
  const say = useSay();
  // The area's user once this page has read it: changed (its state), it shows at once, and read
  // again it stays on screen (no skeleton flash) until the answer comes.
  const { current } = useAppSelector(usersArea.selectArea);
  const [read, setRead] = useState(false);
  if (item && !read) setRead(true);
  const user = read && current && String(current.id) === id && itemStatus !== 'notFound' ? current : null;
  const status = itemStatus === 'loading' && user ? 'ready' : itemStatus;
  const none = t('users.none');

  if (status === 'notFound') {
    return (
      <AdminOnly text={t('users.adminOnlyText')}>
        <ShowFrame back={list} backLabel={t('users.back')} status="ready" title={t('users.notFound')}>
          <NotFoundPanel text={t('users.notFoundText')} />
        </ShowFrame>
      </AdminOnly>
    );
  }

  return (
    <AdminOnly text={t('users.adminOnlyText')}>
      <ShowFrame back={list} backLabel={t('users.back')} status={status} error={error} onRetry={reload}
        title={user && userName(user)}
        meta={user && <ActiveTag active={user.is_active} />}
        actions={user && (
          <>
            <Button icon={<EditOutlined aria-hidden />} onClick={() => navigate('edit')}>{t('users.edit')}</Button>
            {user.is_active && (
              <ConfirmButton icon={<MailOutlined aria-hidden />} title={t('users.sendLink.title', { email: user.email })} content={t('users.sendLink.text')}
                okText={t('users.sendLink.ok')} onConfirm={async () => { say(await sendSignInLink(user)); }}>
                {t('users.sendLink.button')}
              </ConfirmButton>
            )}
            {/* Nobody deactivates themself (the server refuses it too). */}
            {user.id !== me?.id && <ActiveButton user={user} />}
          </>
        )}>
        {user && (
          <>
            <Card size="small">
              <Descriptions column={1} size="small" items={[
                { key: 'email', label: t('users.fields.email'), children: <a href={`mailto:${user.email}`}>{user.email}</a> },
                { key: 'role', label: t('users.fields.role'), children: t(`users.roles.${user.role}`) },
                ...(user.role === 'dealer' ? [
                  { key: 'dealer', label: t('users.fields.dealer'), children: user.dealer === null ? none : <Link to={`/dealers/${user.dealer}`}>{dealers.nameOf(user.dealer)}</Link> },
                  { key: 'contract', label: t('users.fields.contract'), children: t(user.contract_signed ? 'users.contractSigned' : 'users.contractNotSigned') },
                ] : []),
                { key: 'joined', label: t('users.fields.dateJoined'), children: <DateText value={user.date_joined} time /> },
                { key: 'login', label: t('users.fields.lastLogin'), children: user.last_login ? <DateText value={user.last_login} time /> : t('users.never') },
              ]} />
            </Card>
          </>
        )}
      </ShowFrame>
    </AdminOnly>
  );
}
