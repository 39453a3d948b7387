import { describe, expect, it } from "vitest";
import { altaHuella, altaHuellaInput } from "./huella";

/**
 * The AEAT's own examples ("Detalle de las especificaciones técnicas para generación de la huella o hash de los
 * registros de facturación", version 0.1.2, section 6): the digests are the published ones, pasted, never computed here.
 */
describe("the huella of a registro de alta", () => {
  const first = {
    IDEmisorFactura: "89890001K",
    NumSerieFactura: "12345678/G33",
    FechaExpedicionFactura: "01-01-2024",
    TipoFactura: "F1",
    CuotaTotal: "12.35",
    ImporteTotal: "123.45",
    Huella: "",
    FechaHoraHusoGenRegistro: "2024-01-01T19:20:30+01:00",
  };

  it("writes the AEAT's field string for a chain's first record", () => {
    expect(altaHuellaInput(first)).toBe(
      "IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1" +
        "&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00",
    );
  });

  it("gives the AEAT's digest for its first example (no previous record)", () => {
    expect(altaHuella(first)).toBe("3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60");
  });

  it("gives the AEAT's digest for its second example, chained to the first", () => {
    expect(
      altaHuella({
        ...first,
        NumSerieFactura: "12345679/G34",
        Huella: "3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60",
        FechaHoraHusoGenRegistro: "2024-01-01T19:20:35+01:00",
      }),
    ).toBe("F7B94CFD8924EDFF273501B01EE5153E4CE8F259766F88CF6ACB8935802A2B97");
  });

  it("trims each value before hashing, as the specification says", () => {
    expect(altaHuella({ ...first, NumSerieFactura: " 12345678/G33 ", CuotaTotal: "12.35 " })).toBe(altaHuella(first));
  });

  it("changes with any field, including the time the record was generated", () => {
    expect(altaHuella({ ...first, ImporteTotal: "123.46" })).not.toBe(altaHuella(first));
    expect(altaHuella({ ...first, FechaHoraHusoGenRegistro: "2024-01-01T19:20:31+01:00" })).not.toBe(altaHuella(first));
  });
});
