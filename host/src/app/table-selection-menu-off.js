// Stands in for antd's Dropdown where antd's Table imports it (antd/es/table/hooks/useSelection.js),
// in the host's build, which provides the page's one antd Table. The Table draws a Dropdown only for
// `rowSelection.selections` (a menu of bulk selections in the header's checkbox cell), which none of
// our lists has; importing it brought antd's Dropdown and Menu to every screen with a list (about
// 20 KB gzip, bench/bundle.ts). A list that asks for `selections` keeps its checkboxes, shows the
// menu's trigger alone and says in the console why. Plain JavaScript, like the other stand-ins here
// (its types: the .d.ts beside it).
import { useEffect } from 'react';

export default function SelectionsMenuOff({ children }) {
  useEffect(() => {
    console.error('Table rowSelection.selections: the selections menu is left out of the build (rspack.config.base.ts).');
  }, []);
  return children;
}
