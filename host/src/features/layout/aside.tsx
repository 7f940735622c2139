import type { CurrentUser } from '@portal/shared';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import { useTranslation } from '@portal/shared';

/** The aside panel (spec §2, hidden by default): who is signed in and the state of their contract. */
export function Aside({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation('host');
  if (!user) return null;
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={5}>{t('layout.profile')}</Typography.Title>
      <Descriptions column={1} size="small" items={[
        { key: 'email', label: 'Email', children: user.email },
        { key: 'role', label: t('layout.profile'), children: t(`layout.role.${user.role}`) },
        ...(user.role === 'dealer' ? [{
          key: 'contract', label: t('layout.contract'),
          children: user.contract_signed ? <Tag color="green">{t('layout.contractSigned')}</Tag> : <Tag color="orange">{t('layout.contractNotSigned')}</Tag>,
        }] : []),
      ]} />
    </div>
  );
}
