import { useAppSelector, useTranslation, type CurrentUser } from '@portal/shared';
import Descriptions from 'antd/es/descriptions';
import Tag from 'antd/es/tag';
import Typography from 'antd/es/typography';
import './cabinet-translations';

/** The aside panel (spec §2, hidden by default): who is signed in and the state of their contract. */
export function Aside({ user }: { user: CurrentUser | null }) {
  const { t } = useTranslation('host');
  const dark = useAppSelector((s) => s.ui.theme === 'dark');
  if (!user) return null;
  // antd's light preset tags write green-7 and orange-7 on their pale fills, 3.4:1; the 8th shades reach 5:1 (WCAG AA).
  const signed = dark ? undefined : { color: '#237804' };
  const unsigned = dark ? undefined : { color: '#ad4e00' };
  return (
    <div style={{ padding: 16 }}>
      <Typography.Title level={5}>{t('layout.profile')}</Typography.Title>
      <Descriptions column={1} size="small" items={[
        { key: 'email', label: 'Email', children: user.email },
        { key: 'role', label: t('layout.profile'), children: t(`layout.role.${user.role}`) },
        ...(user.role === 'dealer' ? [{
          key: 'contract', label: t('layout.contract'),
          children: user.contract_signed ? <Tag color="green" style={signed}>{t('layout.contractSigned')}</Tag> : <Tag color="orange" style={unsigned}>{t('layout.contractNotSigned')}</Tag>,
        }] : []),
      ]} />
    </div>
  );
}
