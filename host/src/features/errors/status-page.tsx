import { Link } from 'react-router-dom';
import { AuthPage } from '../auth/auth-page';
import { useTranslation } from '@portal/shared';
import './status-translations';

export function StatusPage({ code, page }: { code: number; page: 'notFound' | 'serverError' }) {
  const { t } = useTranslation('host');
  return (
    <AuthPage title={t(`${page}.title`)}>
      <div className="status-page">
        <p className="code">{code}</p>
        <p>{t(`${page}.text`)}</p>
        <div className="auth-links" style={{ justifyContent: 'center' }}><Link to="/">{t(`${page}.home`)}</Link></div>
      </div>
    </AuthPage>
  );
}
