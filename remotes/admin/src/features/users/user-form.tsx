// A user's card (create and edit): email (only when creating: it is the sign-in name), first and last
// name, role, and the dealer for a dealer user (staff have none, so the choice shows only for a
// dealer). The server's field errors land on their fields; leaving with unsaved changes asks first.
// A new user is active and gets a set-password link by mail; the state is its own confirmed step.
import { useNavigate } from 'react-router-dom';
import Form from 'antd/es/form';
import { Col, Row } from 'antd/es/grid';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { useTranslation, type Role, type User } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { MutedText } from '@portal/shared/ui/text';
import { useChoices } from '@portal/shared/ui/use-choices';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { usersArea } from './users-slice';

interface Values {
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  dealer: number | null;
}

const EMPTY: Values = { email: '', first_name: '', last_name: '', role: 'manager', dealer: null };
const ROLES: Role[] = ['manager', 'admin', 'dealer'];

export function UserForm({ user }: { user?: User }) {
  const { t } = useTranslation('admin');
  const navigate = useNavigate();
  const dealers = useChoices('/api/dealers/');
  const binding = useResourceForm<Values, User>({
    name: 'user',
    area: usersArea,
    id: user?.id,
    initialValues: user ? { email: user.email, first_name: user.first_name, last_name: user.last_name, role: user.role, dealer: user.dealer } : EMPTY,
    toBody: ({ email, role, dealer, ...names }) => ({
      ...names, role, dealer: role === 'dealer' ? dealer ?? null : null, ...(user ? { is_active: user.is_active } : { email }),
    }),
    // To the user's page: from «new» and from «<id>/edit» alike.
    saved: (saved, created) => t(created ? 'answers.userCreated' : 'answers.userSaved', { email: saved.email }),
    onSaved: (saved) => navigate(user ? '..' : `../${saved.id}`, { relative: 'path' }),
  });
  const role = Form.useWatch('role', binding.form);

  return (
    <ResourceForm binding={binding} onCancel={() => navigate('..', { relative: 'path' })}>
      <Row gutter={[24, 0]}>
        <Col xs={24} lg={12}>
          {!user && (
            <Form.Item name="email" label={t('users.form.email')} extra={t('users.form.emailHint')}
              rules={[{ required: true, whitespace: true, message: t('users.form.emailRequired') }, { type: 'email', message: t('users.form.emailInvalid') }]}>
              <Input type="email" maxLength={254} autoComplete="off" />
            </Form.Item>
          )}
          <Form.Item name="first_name" label={t('users.form.firstName')} rules={[{ required: true, whitespace: true, message: t('users.form.firstNameRequired') }]}>
            <Input maxLength={150} autoComplete="off" />
          </Form.Item>
          <Form.Item name="last_name" label={t('users.form.lastName')} rules={[{ required: true, whitespace: true, message: t('users.form.lastNameRequired') }]}>
            <Input maxLength={150} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="role" label={t('users.form.role')} rules={[{ required: true }]}>
            <Select options={ROLES.map((value) => ({ value, label: t(`users.roles.${value}`) }))} />
          </Form.Item>
          {role === 'dealer' && (
            <Form.Item name="dealer" label={t('users.form.dealer')} rules={[{ required: true, message: t('users.form.dealerRequired') }]}>
              <Select showSearch optionFilterProp="label" loading={dealers.loading}
                // antd's own placeholder grey is too faint for WCAG AA: the muted text colour is not.
                placeholder={<MutedText>{t('users.form.dealerPlaceholder')}</MutedText>}
                options={dealers.items.map((d) => ({ value: d.id, label: d.name }))} />
            </Form.Item>
          )}
        </Col>
      </Row>
    </ResourceForm>
  );
}
