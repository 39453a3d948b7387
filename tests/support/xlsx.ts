import { XMLParser } from "fast-xml-parser";
import { strFromU8, unzipSync } from "fflate";

type XmlCell = { r: string; s?: string; t?: string; v?: string; is?: { t: string } };
type NumberFormat = { numFmtId: string; formatCode: string };

/**
 * The first sheet of an XLSX file read back from its XML (ECMA-376): each cell by its reference ("B3") with its
 * value as written, its type (`s` shared string, `inlineStr`, none for a number or date) and its number format.
 */
export function readFirstSheet(bytes: Uint8Array) {
  const files = unzipSync(bytes);
  const xml = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "", parseTagValue: false });
  const read = <T>(name: string): T | undefined => {
    const file = files[name];
    return file ? (xml.parse(strFromU8(file)) as T) : undefined;
  };
  const sheet = read<{ worksheet: { sheetData: { row: { c: XmlCell | XmlCell[] }[] } } }>("xl/worksheets/sheet1.xml");
  const shared = read<{ sst: { si: { t: string } | { t: string }[] } }>("xl/sharedStrings.xml");
  const styles = read<{
    styleSheet: { numFmts?: { numFmt: NumberFormat | NumberFormat[] }; cellXfs: { xf: { numFmtId: string }[] } };
  }>("xl/styles.xml");
  const strings = [shared?.sst.si ?? []].flat().map((item) => String(item.t));
  const formats = new Map([styles?.styleSheet.numFmts?.numFmt ?? []].flat().map((f) => [f.numFmtId, f.formatCode]));
  const cells = new Map(
    (sheet?.worksheet.sheetData.row ?? []).flatMap((row) => [row.c].flat().map((cell) => [cell.r, cell] as const)),
  );
  return {
    value(ref: string): string | undefined {
      const cell = cells.get(ref);
      if (cell?.t === "s") return strings[Number(cell.v)];
      if (cell?.t === "inlineStr") return String(cell.is?.t);
      return cell?.v;
    },
    type: (ref: string) => cells.get(ref)?.t,
    format: (ref: string) => formats.get(styles?.styleSheet.cellXfs.xf[Number(cells.get(ref)?.s ?? 0)]?.numFmtId ?? ""),
  };
}
