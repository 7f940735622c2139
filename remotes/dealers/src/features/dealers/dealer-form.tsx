// A dealer's card (create and edit): name, legal name, INN (its check digits checked before
// sending, design §5), group, email, phone and address. The server's field errors land on their
// fields; leaving with unsaved changes asks first. Saving keeps the dealer's state as it was (a new
// dealer is active); deactivating is its own confirmed step on the dealer's page.
import { useNavigate } from 'react-router-dom';
import Form from 'antd/es/form';
import { Col, Row } from 'antd/es/grid';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import { isValidTaxId, useTranslation, type Dealer } from '@portal/shared';
import { formatPercent } from '@portal/shared/ui/format';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useChoices } from '@portal/shared/ui/use-choices';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { dealersArea } from './dealers-slice';

interface Values {
  name: string;
  legal_name: string;
  tax_id: string;
  group: number | null;
  email: string;
  phone: string;
  address: string;
}

const EMPTY: Values = { name: '', legal_name: '', tax_id: '', group: null, email: '', phone: '', address: '' };
/** As the API takes it: digits, spaces, brackets and hyphens, a leading «+». */
const PHONE = /^\+?[0-9 ()-]{5,}$/;

export function DealerForm({ dealer }: { dealer?: Dealer }) {
  const { t, i18n } = useTranslation('dealers');
  const navigate = useNavigate();
  const groups = useChoices('/api/dealergroups/');
  const binding = useResourceForm<Values, Dealer>({
    name: 'dealer',
    area: dealersArea,
    id: dealer?.id,
    initialValues: dealer
      ? { name: dealer.name, legal_name: dealer.legal_name, tax_id: dealer.tax_id, group: dealer.group, email: dealer.email, phone: dealer.phone, address: dealer.address }
      : EMPTY,
    toBody: (values) => ({ ...values, group: values.group ?? null, is_active: dealer?.is_active ?? true }),
    // To the dealer's page: from «new» and from «<id>/edit» alike.
    saved: (saved, created) => t(created ? 'answers.dealerCreated' : 'answers.dealerSaved', { name: saved.name }),
    onSaved: (saved) => navigate(dealer ? '..' : `../${saved.id}`, { relative: 'path' }),
  });

  return (
    <ResourceForm binding={binding} onCancel={() => navigate('..', { relative: 'path' })}>
      <Row gutter={[24, 0]}>
        <Col xs={24} lg={12}>
          <Form.Item name="name" label={t('dealers.form.name')} rules={[{ required: true, whitespace: true, message: t('dealers.form.nameRequired') }]}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="legal_name" label={t('dealers.form.legalName')}>
            <Input maxLength={300} />
          </Form.Item>
          <Form.Item name="tax_id" label={t('dealers.form.taxId')}
            rules={[{ validator: async (_, value: string | undefined) => { if (value?.trim() && !isValidTaxId(value.trim())) throw new Error(t('dealers.form.taxIdInvalid')); } }]}>
            <Input maxLength={12} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="group" label={t('dealers.form.group')}>
            <Select allowClear placeholder={t('dealers.form.groupPlaceholder')} loading={groups.loading}
              options={groups.items.map((g) => ({ value: g.id, label: `${g.name} (${formatPercent(g.discount_percent, i18n.language)})` }))} />
          </Form.Item>
        </Col>
        <Col xs={24} lg={12}>
          <Form.Item name="email" label={t('dealers.form.email')} rules={[{ type: 'email', message: t('dealers.form.emailInvalid') }]}>
            <Input type="email" maxLength={254} autoComplete="off" />
          </Form.Item>
          <Form.Item name="phone" label={t('dealers.form.phone')}
            rules={[{ validator: async (_, value: string | undefined) => { if (value?.trim() && !PHONE.test(value.trim())) throw new Error(t('dealers.form.phoneInvalid')); } }]}>
            <Input type="tel" maxLength={40} autoComplete="off" />
          </Form.Item>
          <Form.Item name="address" label={t('dealers.form.address')}>
            <Input.TextArea autoSize={{ minRows: 3, maxRows: 6 }} maxLength={1000} />
          </Form.Item>
        </Col>
      </Row>
    </ResourceForm>
  );
}
