// The client's default opener starts a system browser; a web page has none. The page passes `ui.opener`.
export default async function open(): Promise<never> {
  throw new Error('a web page cannot start a system browser');
}
