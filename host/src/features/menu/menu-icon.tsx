// The icons the remotes' menus name (design §3: `icon` is an @ant-design/icons name). Only icons
// live here, each a small module loaded with the cabinet, so only those in use: a name not listed is
// drawn as the generic section icon, so a remote that names a new icon still gets its entry, and
// the icon is added here when a menu starts to use it.
import type { ComponentType } from 'react';
import ApartmentOutlined from '@ant-design/icons/ApartmentOutlined';
import AppstoreOutlined from '@ant-design/icons/AppstoreOutlined';
import AuditOutlined from '@ant-design/icons/AuditOutlined';
import CalculatorOutlined from '@ant-design/icons/CalculatorOutlined';
import CarOutlined from '@ant-design/icons/CarOutlined';
import DatabaseOutlined from '@ant-design/icons/DatabaseOutlined';
import DeploymentUnitOutlined from '@ant-design/icons/DeploymentUnitOutlined';
import ExceptionOutlined from '@ant-design/icons/ExceptionOutlined';
import FileTextOutlined from '@ant-design/icons/FileTextOutlined';
import NotificationOutlined from '@ant-design/icons/NotificationOutlined';
import ProfileOutlined from '@ant-design/icons/ProfileOutlined';
import SettingOutlined from '@ant-design/icons/SettingOutlined';
import ShoppingCartOutlined from '@ant-design/icons/ShoppingCartOutlined';
import ShoppingOutlined from '@ant-design/icons/ShoppingOutlined';
import SolutionOutlined from '@ant-design/icons/SolutionOutlined';
import StopOutlined from '@ant-design/icons/StopOutlined';
import SyncOutlined from '@ant-design/icons/SyncOutlined';
import TeamOutlined from '@ant-design/icons/TeamOutlined';
import ThunderboltOutlined from '@ant-design/icons/ThunderboltOutlined';
import UserOutlined from '@ant-design/icons/UserOutlined';

const ICONS: Record<string, ComponentType> = {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, CalculatorOutlined, CarOutlined, DatabaseOutlined, DeploymentUnitOutlined, ExceptionOutlined, FileTextOutlined,
  NotificationOutlined, ProfileOutlined, SettingOutlined, ShoppingCartOutlined, ShoppingOutlined, SolutionOutlined, StopOutlined, SyncOutlined,
  TeamOutlined, ThunderboltOutlined, UserOutlined,
};

export function MenuIcon({ name }: { name?: string }) {
  const Icon = (name && Object.hasOwn(ICONS, name) ? ICONS[name] : undefined) ?? AppstoreOutlined;
  return <Icon />;
}
