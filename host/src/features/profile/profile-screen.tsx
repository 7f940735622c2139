// The user's own profile (issue 19 item 5, design §6 and §13), from the user menu: names and phone,
// the interface's language and theme (kept on the server, so they follow the user to another
// computer), the password (the current one asked; the API ends every other session and answers this
// browser's new tokens), the kinds of mail the user's role gets, and for a dealer its company's
// details, read-only. Its own chunk: the cabinet loads it lazily.
import { useState } from 'react';
import {
  apiPath, apiPost, apiPut, CURRENT_USER_PATH, errorMessage, fieldErrors, loadProfile, selectCurrentUser, setTokens, chooseInterface,
  tokensRefreshed, useAppDispatch, useAppSelector, useTranslation, type ApiResponse, type InterfaceChoice, type Dealer,
} from '@portal/shared';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Checkbox from 'antd/es/checkbox';
import Descriptions from 'antd/es/descriptions';
import Flex from 'antd/es/flex';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio, { type RadioChangeEvent } from 'antd/es/radio';
import Skeleton from 'antd/es/skeleton';
import { useSay } from '@portal/shared/ui/answer';
import { Percent } from '@portal/shared/ui/format';
import { ListError } from '@portal/shared/ui/list-error';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { MutedText, ScreenTitle, SectionTitle } from '@portal/shared/ui/text';
import { useApiGet } from '@portal/shared/ui/use-item';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import '../layout/cabinet-translations';
import './translations';

export type Profile = ApiResponse<'/api/users/me/'>;
type Notifications = Profile['notifications'];
type Kind = keyof Notifications;

/** The kinds of mail that concern a role (api/src/lib/notifications.ts): a dealer's about its own orders, staff's about what arrives. */
export const DEALER_KINDS: Kind[] = ['order_status', 'cancellation', 'claim', 'newsletter'];
export const STAFF_KINDS: Kind[] = ['staff_requests', 'cancellation', 'claim'];

const section = (title: string) => <SectionTitle style={{ margin: 0 }}>{title}</SectionTitle>;

export default function ProfileScreen() {
  const { t } = useTranslation('host');
  const { data: profile, status, error, reload } = useApiGet<Profile>(CURRENT_USER_PATH);
  const user = useAppSelector(selectCurrentUser);
  const dealer = user?.role === 'dealer' ? user.dealer : null;
  return (
    <div style={{ maxWidth: 760 }}>
      <ScreenTitle>{t('profile.title')}</ScreenTitle>
      {status === 'error' && <ListError message={error ?? ''} onRetry={reload} />}
      {status === 'loading' && <Skeleton active />}
      {status === 'ready' && profile && (
        <Flex vertical gap={16}>
          <PersonalDetails profile={profile} />
          <LanguageAndTheme />
          <PasswordChange />
          <MailKinds profile={profile} kinds={profile.role === 'dealer' ? DEALER_KINDS : STAFF_KINDS} staff={profile.role !== 'dealer'} />
          {dealer !== null && dealer !== undefined && <Company id={dealer} />}
        </Flex>
      )}
    </div>
  );
}

interface Personal { first_name: string; last_name: string; phone: string }

function PersonalDetails({ profile }: { profile: Profile }) {
  const { t } = useTranslation('host');
  const dispatch = useAppDispatch();
  const binding = useResourceForm<Personal, Profile>({
    name: 'profile',
    initialValues: { first_name: profile.first_name, last_name: profile.last_name, phone: profile.phone },
    submit: (body) => apiPut(CURRENT_USER_PATH, body as Personal),
    saved: () => t('profile.saved'),
    // The header's name follows.
    onSaved: () => { void dispatch(loadProfile()); },
  });
  return (
    <Card title={section(t('profile.personal'))} size="small">
      <ResourceForm binding={binding}>
        <MutedText block style={{ marginBottom: 16 }}>{`${t('profile.email')}: ${profile.email}`}</MutedText>
        <Form.Item name="first_name" label={t('profile.firstName')}><Input autoComplete="given-name" maxLength={150} /></Form.Item>
        <Form.Item name="last_name" label={t('profile.lastName')}><Input autoComplete="family-name" maxLength={150} /></Form.Item>
        <Form.Item name="phone" label={t('profile.phone')} extra={t('profile.phoneHint')}><Input type="tel" autoComplete="tel" maxLength={40} /></Form.Item>
      </ResourceForm>
    </Card>
  );
}

/** Applied at once in this browser and kept on the server; a failed save is said, the choice stays here. */
function LanguageAndTheme() {
  const { t, i18n } = useTranslation('host');
  const dispatch = useAppDispatch();
  const say = useSay();
  const theme = useAppSelector((s) => s.ui.theme);
  const choose = (choice: InterfaceChoice) => {
    dispatch(chooseInterface(choice)).catch((err: unknown) => say(errorMessage(err), { tone: 'error' }));
  };
  // What this page shows now: the store put the profile's own in place when it arrived.
  const language = i18n.language === 'en' ? 'en' : 'ru';
  return (
    <Card title={section(t('profile.interface'))} size="small">
      <Flex vertical gap={16}>
        <Flex vertical gap={4}>
          <span id="profile_language_label">{t('profile.language')}</span>
          <Radio.Group optionType="button" value={language} aria-labelledby="profile_language_label"
            onChange={(e: RadioChangeEvent) => { choose({ language: e.target.value as Profile['language'] }); }}
            options={[{ value: 'ru', label: t('profile.russian') }, { value: 'en', label: t('profile.english') }]} />
        </Flex>
        <Flex vertical gap={4}>
          <span id="profile_theme_label">{t('profile.theme')}</span>
          <Radio.Group optionType="button" value={theme === 'dark' ? 'dark' : 'default'} aria-labelledby="profile_theme_label"
            onChange={(e: RadioChangeEvent) => { choose({ theme: e.target.value as Profile['theme'] }); }}
            options={[{ value: 'default', label: t('profile.light') }, { value: 'dark', label: t('profile.dark') }]} />
        </Flex>
        <MutedText>{t('profile.interfaceHint')}</MutedText>
      </Flex>
    </Card>
  );
}

interface PasswordValues { current_password: string; password: string; repeat: string }

/** The new pair the API answers is this browser's session from now on: every earlier token is refused. */
function PasswordChange() {
  const { t } = useTranslation('host');
  const dispatch = useAppDispatch();
  const say = useSay();
  const [form] = Form.useForm<PasswordValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async ({ current_password, password }: PasswordValues) => {
    setSaving(true);
    setError(null);
    try {
      const answer = await apiPost('/api/users/me/password/', { current_password, password });
      const tokens = { access: answer.access, refresh: answer.refresh };
      setTokens(tokens);
      dispatch(tokensRefreshed(tokens));
      form.resetFields();
      say(answer.message);
    } catch (err) {
      const fields = fieldErrors(err);
      const known: (keyof PasswordValues)[] = ['current_password', 'password'];
      const onForm = known.filter((name) => fields[name]);
      form.setFields(onForm.map((name) => ({ name, errors: [fields[name]] })));
      if (onForm.length) form.scrollToField(onForm[0], { focus: true, block: 'center' });
      else setError(errorMessage(err));
    } finally {
      setSaving(false);
    }
  };
  const required = { required: true, message: t('profile.required') };
  return (
    <Card title={section(t('profile.password'))} size="small">
      <Form<PasswordValues> form={form} name="password" layout="vertical" onFinish={onFinish} requiredMark={false} style={{ maxWidth: 400 }}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <MutedText block>{t('profile.passwordHint')}</MutedText>
        <Form.Item name="current_password" label={t('profile.currentPassword')} rules={[required]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="password" label={t('profile.newPassword')} rules={[required, { min: 8, message: t('profile.tooShort') }]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeat" label={t('profile.repeatPassword')} dependencies={['password']} rules={[
          required,
          ({ getFieldValue }) => ({
            validator: (_, value) => (!value || value === getFieldValue('password') ? Promise.resolve() : Promise.reject(new Error(t('profile.mismatch')))),
          }),
        ]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>{t('profile.changePassword')}</Button>
      </Form>
    </Card>
  );
}

/** A box per kind of mail, saved as soon as it changes; a failed save puts the box back and says why. */
function MailKinds({ profile, kinds, staff }: { profile: Profile; kinds: Kind[]; staff: boolean }) {
  const { t } = useTranslation('host');
  const say = useSay();
  const [wanted, setWanted] = useState<Notifications>(profile.notifications);
  const [saving, setSaving] = useState<Kind | null>(null);
  const change = async (kind: Kind, on: boolean) => {
    setWanted((before) => ({ ...before, [kind]: on }));
    setSaving(kind);
    try {
      const saved = await apiPut(CURRENT_USER_PATH, { notifications: { [kind]: on } });
      setWanted(saved.notifications);
      say(t('profile.notificationsSaved'));
    } catch (err) {
      setWanted((before) => ({ ...before, [kind]: !on }));
      say(errorMessage(err), { tone: 'error' });
    } finally {
      setSaving(null);
    }
  };
  return (
    <Card title={section(t('profile.notifications'))} size="small">
      <MutedText block>{t('profile.notificationsLead')}</MutedText>
      <Flex vertical gap={8} role="group" aria-label={t('profile.notifications')} style={{ marginTop: 8 }}>
        {kinds.map((kind) => (
          <Checkbox key={kind} checked={wanted[kind]} disabled={saving === kind} onChange={(e) => { void change(kind, e.target.checked); }}>
            {t(staff ? `profile.staffKind.${kind}` : `profile.kind.${kind}`)}
          </Checkbox>
        ))}
      </Flex>
    </Card>
  );
}

/** The dealer's company as staff keep it: read-only here. */
function Company({ id }: { id: number }) {
  const { t } = useTranslation('host');
  const { data: dealer, status, error, reload } = useApiGet<Dealer>(apiPath('/api/dealers/{id}/', { id }));
  const none = t('profile.none');
  return (
    <Card title={section(t('profile.company'))} size="small">
      {(status === 'error' || status === 'notFound') && <ListError message={error ?? ''} onRetry={reload} />}
      {status === 'loading' && <Skeleton active paragraph={{ rows: 3 }} />}
      {status === 'ready' && dealer && (
        <>
          <Descriptions column={1} size="small" items={[
            { key: 'name', label: t('profile.companyName'), children: dealer.name },
            { key: 'legal', label: t('profile.legalName'), children: dealer.legal_name || none },
            { key: 'tax', label: t('profile.taxId'), children: dealer.tax_id || none },
            { key: 'email', label: t('profile.email'), children: dealer.email || none },
            { key: 'phone', label: t('profile.phone'), children: dealer.phone || none },
            { key: 'address', label: t('profile.address'), children: dealer.address || none },
            { key: 'group', label: t('profile.group'), children: dealer.group_name ?? t('profile.noGroup') },
            ...(dealer.group_discount_percent !== null ? [{ key: 'discount', label: t('profile.discount'), children: <Percent value={dealer.group_discount_percent} /> }] : []),
          ]} />
          <MutedText block style={{ marginTop: 8 }}>{t('profile.companyHint')}</MutedText>
        </>
      )}
    </Card>
  );
}
