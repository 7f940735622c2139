// A dealer group (create and edit): name, discount (0–100, two decimal places, checked before
// sending as the API checks it) and description. The server's field errors land on their fields;
// leaving with unsaved changes asks first.
import { useNavigate } from 'react-router-dom';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import { useTranslation, type DealerGroup } from '@portal/shared';
import { ResourceForm } from '@portal/shared/ui/resource-form';
import { useResourceForm } from '@portal/shared/ui/use-resource-form';
import { groupsArea } from './groups-slice';

interface Values {
  name: string;
  discount_percent: string;
  description: string;
}

/** 0 to 100 with at most two decimal places, a comma taken for the point. */
const PERCENT = /^\d{1,3}([.,]\d{1,2})?$/;
const isPercent = (text: string) => PERCENT.test(text) && Number(text.replace(',', '.')) <= 100;

export function GroupForm({ group }: { group?: DealerGroup }) {
  const { t } = useTranslation('dealers');
  const navigate = useNavigate();
  const binding = useResourceForm<Values, DealerGroup>({
    name: 'group',
    area: groupsArea,
    id: group?.id,
    initialValues: group ? { name: group.name, discount_percent: group.discount_percent, description: group.description } : { name: '', discount_percent: '0', description: '' },
    toBody: (values) => ({ ...values, discount_percent: values.discount_percent.trim().replace(',', '.') }),
    // Back to the list, from «groups/new» and «groups/<id>/edit» alike.
    saved: (saved, created) => t(created ? 'answers.groupCreated' : 'answers.groupSaved', { name: saved.name }),
    onSaved: () => navigate(group ? '../..' : '..', { relative: 'path' }),
  });

  return (
    <ResourceForm binding={binding} onCancel={() => navigate(group ? '../..' : '..', { relative: 'path' })}>
      <div style={{ maxWidth: 640 }}>
        <Form.Item name="name" label={t('groups.form.name')} rules={[{ required: true, whitespace: true, message: t('groups.form.nameRequired') }]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="discount_percent" label={t('groups.form.discount')} extra={t('groups.form.discountHint')}
          rules={[
            { required: true, whitespace: true, message: t('groups.form.discountRequired') },
            { validator: async (_, value: string | undefined) => { if (value?.trim() && !isPercent(value.trim())) throw new Error(t('groups.form.discountRange')); } },
          ]}>
          <Input inputMode="decimal" maxLength={6} style={{ maxWidth: 160 }} />
        </Form.Item>
        <Form.Item name="description" label={t('groups.form.description')}>
          <Input.TextArea autoSize={{ minRows: 3, maxRows: 8 }} maxLength={5000} />
        </Form.Item>
      </div>
    </ResourceForm>
  );
}
