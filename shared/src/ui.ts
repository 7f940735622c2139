// The portal's one antd, shared as the Module Federation singleton `@portal/shared/ui`.
// It re-exports the union of the antd components and icons that the host and the remotes use, so
// the page downloads that subset once instead of all of antd (design §12). A screen that needs a
// component not listed here adds it here; lint forbids importing antd anywhere else.
export {
  Alert, App, Avatar, Button, Card, Checkbox, ConfigProvider, Descriptions, Dropdown, Empty, Flex, Layout, List, Menu,
  Result, Skeleton, Space, Switch, Tag, Tooltip, Typography, theme,
} from 'antd';
export type { MenuProps, TableProps, FormProps } from 'antd';
export { default as ruRU } from 'antd/locale/ru_RU';
export { default as enUS } from 'antd/locale/en_US';
export {
  AppstoreOutlined, BellOutlined, CalculatorOutlined, FileTextOutlined, FolderOpenOutlined,
  HomeOutlined, LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, NotificationOutlined,
  ReloadOutlined, SettingOutlined, ShoppingCartOutlined, ShoppingOutlined, TeamOutlined,
  UserOutlined, BulbOutlined, GlobalOutlined, InfoCircleOutlined, CarOutlined,
} from '@ant-design/icons';
