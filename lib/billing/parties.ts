import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/platform/db";
import { members, platformSettings } from "@/lib/platform/db/schema";
import type { PostalAddress } from "./invoice-document";

/** The club as an invoice's issuer, copied onto every invoice it issues. */
export type Issuer = { legalName: string; taxId: string; address: PostalAddress };
/** The member as an invoice's customer, copied onto the invoice. */
export type Customer = { name: string; taxId: string | null; address: PostalAddress | null; email: string };

type AddressParts = {
  addressLine: string | null;
  postalCode: string | null;
  city: string | null;
  province: string | null;
  country: string | null;
};

/** A postal address when its line, postal code and city are all set; else none. */
export function addressOf(parts: AddressParts, defaultCountry = "ES"): PostalAddress | null {
  if (!parts.addressLine || !parts.postalCode || !parts.city) return null;
  return {
    line: parts.addressLine,
    postalCode: parts.postalCode,
    city: parts.city,
    province: parts.province,
    country: parts.country ?? defaultCountry,
  };
}

export const storedTaxData = {
  legalName: platformSettings.legalName,
  taxId: platformSettings.taxId,
  addressLine: platformSettings.addressLine,
  postalCode: platformSettings.postalCode,
  city: platformSettings.city,
  province: platformSettings.province,
  country: platformSettings.country,
  defaultTaxRateBasisPoints: platformSettings.defaultTaxRateBasisPoints,
};

/** What issuing needs of the club: the issuer, or null while its tax data is incomplete, and the default IVA rate. */
export type BillingSettings = { issuer: Issuer | null; defaultTaxRateBasisPoints: number };

/**
 * Billing starts once the club's legal name, tax id and address are set (docs/billing.md): before that no term is
 * invoiced, and every flow works as it did without billing.
 */
export async function readBillingSettings(executor: Executor): Promise<BillingSettings> {
  const [stored] = await executor.select(storedTaxData).from(platformSettings);
  if (!stored) return { issuer: null, defaultTaxRateBasisPoints: 2100 };
  const address = addressOf(stored);
  const issuer =
    stored.legalName && stored.taxId && address ? { legalName: stored.legalName, taxId: stored.taxId, address } : null;
  return { issuer, defaultTaxRateBasisPoints: stored.defaultTaxRateBasisPoints };
}

/** What a customer is made of, as selected from members (with their language, for the invoice's). */
export const customerColumns = {
  firstName: members.firstName,
  lastName: members.lastName,
  email: members.email,
  taxId: members.taxId,
  language: members.language,
  addressLine: members.addressLine,
  postalCode: members.postalCode,
  city: members.city,
  province: members.province,
  country: members.country,
};

type CustomerRow = AddressParts & { firstName: string; lastName: string; email: string; taxId: string | null };

/** The member as the customer copied onto an invoice. */
export function customerFrom(member: CustomerRow): Customer {
  return {
    name: `${member.firstName} ${member.lastName}`,
    taxId: member.taxId,
    address: addressOf(member),
    email: member.email,
  };
}

export async function customerOf(
  executor: Executor,
  memberId: string,
): Promise<{ customer: Customer; language: string | null }> {
  const [member] = await executor.select(customerColumns).from(members).where(eq(members.id, memberId));
  if (!member) throw new Error(`member ${memberId} not found while invoicing`);
  return { customer: customerFrom(member), language: member.language };
}
