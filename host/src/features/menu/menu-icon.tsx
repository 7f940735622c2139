// The icons a remote's menu entry may name (design §3: `icon` is an @ant-design/icons name). Only
// icons live here, each a small module; a name not listed is drawn as the generic section icon, so
// a remote that names a new icon still gets an entry, and the icon is added here when it is seen.
import type { ComponentType } from 'react';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import CarOutlined from '@ant-design/icons/CarOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import ExclamationCircleOutlined from '@ant-design/icons/ExclamationCircleOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';
import WarningOutlined from '@ant-design/icons/WarningOutlined';

const ICONS: Record<string, ComponentType> = {
  AppstoreOutlined, CalculatorOutlined, CarOutlined, DatabaseOutlined, ExclamationCircleOutlined, FileTextOutlined,
  NotificationOutlined, SettingOutlined, ShoppingCartOutlined, ShoppingOutlined, TeamOutlined, UserOutlined, WarningOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined) ?? AppstoreOutlined;
  return <Icon />;
}
