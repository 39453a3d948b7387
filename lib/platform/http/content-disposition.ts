/**
 * RFC 6266 Content-Disposition: an ASCII `filename` for old clients (non-ASCII, quotes, backslashes and `%`,
 * which some browsers decode, become `_`) and the exact name as RFC 5987 `filename*` in UTF-8, which every
 * current browser prefers.
 */
export function contentDisposition(type: "attachment" | "inline", fileName: string): string {
  const asciiFallback = fileName.replace(/[^\x20-\x7e]|["\\%]/g, "_");
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${type}; filename="${asciiFallback}"; filename*=UTF-8''${encoded}`;
}
