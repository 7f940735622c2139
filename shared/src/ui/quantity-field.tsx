// A quantity inside antd's Form.Item (issue 18 item 3): antd's Input, which the item marks with its
// rule's message (useQuantityCheck's `rule`), with the same text, keys and attributes as QuantityInput
// (quantity.tsx). A module of its own so that a screen with a quantity but no form (a list's rows, the
// cart) loads no antd Input.
import type { Ref } from 'react';
import Input, { type InputRef } from 'antd/es/input/Input';
import { quantityField, type QuantityFieldProps } from './quantity';

export function QuantityField({ value, limits, describedBy, style, ...props }: QuantityFieldProps & { ref?: Ref<InputRef> }) {
  const { field, step } = quantityField(value, limits, props.onChange);
  const described = [props['aria-describedby'], describedBy].filter(Boolean).join(' ') || undefined;
  return <Input {...props} {...field} onKeyDown={step} style={{ width: 120, ...style }} aria-describedby={described} />;
}
