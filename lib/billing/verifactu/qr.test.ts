import { describe, expect, it } from "vitest";
import { invoiceQrUrl, qrUrl } from "./qr";

describe("the tax QR's URL", () => {
  it("is the AEAT's own example, with the & of the series-number URL-encoded (QR specification, section 4)", () => {
    expect(qrUrl("test", { nif: "89890001K", numserie: "12345678&G33", fecha: "01-01-2024", importe: "241.4" })).toBe(
      "https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33&fecha=01-01-2024&importe=241.4",
    );
  });

  it("points to the AEAT's production service with an invoice's number, date and total as its record writes them", () => {
    expect(
      invoiceQrUrl("production", { issuerTaxId: "G28029643", number: "F2026-000123", issuedOn: "2026-12-01" }, 4990n),
    ).toBe(
      "https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=G28029643&numserie=F2026-000123&fecha=01-12-2026&importe=49.90",
    );
  });

  it("writes a rectifying invoice's negative total as its record does", () => {
    expect(
      invoiceQrUrl("production", { issuerTaxId: "G28029643", number: "R2027-000001", issuedOn: "2027-01-02" }, -1234n),
    ).toMatch(/&fecha=02-01-2027&importe=-12\.34$/);
  });
});
