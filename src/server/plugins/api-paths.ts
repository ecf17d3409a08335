/** The path of a request without its query string. */
export function pathOf(url: string): string {
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}
