import type { AltaDraft } from "@/lib/billing/verifactu/record";

/** A club's first record: a full invoice of 49.90 at 21 % to a member with a NIF, on 1 December 2026 in Madrid. */
export function sampleAltaDraft(overrides: Partial<AltaDraft> = {}): AltaDraft {
  return {
    invoice: { issuerTaxId: "G28029643", number: "F2026-000001", issuedOn: "2026-12-01" },
    issuerName: "Club Náutico de Altea",
    type: "F1",
    rectified: null,
    substituted: null,
    description: "Oro, mensual",
    recipient: { name: "Lucía Núñez Ibáñez", taxId: "12345678Z" },
    breakdown: [{ taxRateBasisPoints: 2100, exemptReason: null, baseCents: 4124n, taxCents: 866n }],
    taxCents: 866n,
    totalCents: 4990n,
    generatedAt: "2026-12-01T10:20:30+01:00",
    previous: null,
    system: {
      producer: { name: "Club Náutico de Altea", taxId: "G28029643" },
      name: "ClubOps",
      id: "CO",
      version: "0.1.0",
      installation: "4f7a1c2e-0000-4000-8000-000000000001",
    },
    ...overrides,
  };
}
