import { token, tokenVariable } from './tokens';

test('a token is read as the variable antd writes for it', () => {
  expect(tokenVariable('colorBgContainer')).toBe('--ant-color-bg-container');
  expect(tokenVariable('fontSizeHeading3')).toBe('--ant-font-size-heading-3');
  expect(tokenVariable('borderRadiusLG')).toBe('--ant-border-radius-lg');
  expect(tokenVariable('marginXXS')).toBe('--ant-margin-xxs');
  expect(token.colorTextDescription).toBe('var(--ant-color-text-description)');
});
