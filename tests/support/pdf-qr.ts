import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import jsQR from "jsqr";

export type DecodedQr = {
  text: string;
  /** Where it is on the page, in millimetres from the top left corner, and its width. */
  left: number;
  top: number;
  width: number;
};

const DPI = 150;
const millimetres = (pixels: number) => (pixels * 25.4) / DPI;

/**
 * The QR code on page `page` of a PDF as a phone would read it: the page rendered to grey pixels by poppler's pdftoppm
 * (Debian's poppler-utils, installed by scripts/test.sh), then decoded with jsQR. Null when no QR code is found.
 */
export async function readQrFromPdf(pdf: Uint8Array, page = 1): Promise<DecodedQr | null> {
  const directory = await mkdtemp(path.join(tmpdir(), "pdf-qr-"));
  try {
    const input = path.join(directory, "document.pdf");
    await writeFile(input, pdf);
    const output = path.join(directory, "page");
    const pageArgument = String(page);
    await promisify(execFile)("pdftoppm", [
      "-gray",
      "-r",
      String(DPI),
      "-f",
      pageArgument,
      "-l",
      pageArgument,
      "-singlefile",
      input,
      output,
    ]);
    const { width, height, pixels } = parsePgm(await readFile(`${output}.pgm`));
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let index = 0; index < pixels.length; index += 1) {
      const grey = pixels[index] ?? 255;
      rgba.set([grey, grey, grey, 255], index * 4);
    }
    const found = jsQR(rgba, width, height);
    if (!found) return null;
    const { topLeftCorner, topRightCorner } = found.location;
    return {
      text: found.data,
      left: millimetres(topLeftCorner.x),
      top: millimetres(topLeftCorner.y),
      width: millimetres(topRightCorner.x - topLeftCorner.x),
    };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** A binary PGM (P5, 8-bit) as pdftoppm -gray writes it: header "P5 width height 255", then one byte per pixel. */
function parsePgm(file: Buffer) {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString("latin1"));
  if (!header) throw new Error("pdftoppm wrote no 8-bit PGM");
  const [whole = "", width = "0", height = "0"] = header;
  return { width: Number(width), height: Number(height), pixels: file.subarray(whole.length) };
}
