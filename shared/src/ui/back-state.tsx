// The router state a list's link passes to a show screen, so that its «Назад» returns to the list's
// view (page, search, filters). Its own module, light: a list that is not a table (the news) takes it
// without ShowFrame's antd components.

export function backState(location: { pathname: string; search: string }): { back: string } {
  return { back: `${location.pathname}${location.search}` };
}
