/**
 * The PDF's fonts are the standard Helvetica faces, which every PDF reader has and which cost no embedding: they
 * write the WinAnsi character set (Latin-1 with €, curly quotes, dashes, Š, Œ, Ž…), which covers Spanish, Catalan,
 * Basque, Galician, Portuguese, French and German. A character outside it would print as a wrong glyph, so it is
 * written without its accent ("ł" stays unknown: "?"), never silently as something else.
 */
const WIN_ANSI_EXTRAS = "€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ";

function isWinAnsi(character: string): boolean {
  const code = character.codePointAt(0) ?? 0;
  return (
    code === 0x0a ||
    (code >= 0x20 && code <= 0x7e) ||
    (code >= 0xa0 && code <= 0xff) ||
    WIN_ANSI_EXTRAS.includes(character)
  );
}

export function toWinAnsi(text: string): string {
  let written = "";
  for (const character of text.replace(/[\u202f\u2007]/g, "\u00a0")) {
    if (isWinAnsi(character)) {
      written += character;
      continue;
    }
    const base = character.normalize("NFD").replace(/\p{Mn}/gu, "");
    written += base.length > 0 && [...base].every(isWinAnsi) ? base : "?";
  }
  return written;
}
