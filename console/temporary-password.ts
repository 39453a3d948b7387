const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const LOWER = "abcdefghijkmnopqrstuvwxyz";
const DIGITS = "23456789";
const ALL = UPPER + LOWER + DIGITS;

function pick(alphabet: string, random: number): string {
  return alphabet[random % alphabet.length] ?? "";
}

/**
 * A temporary password staff can read out or type: no look-alike characters (0/O, 1/l/I), at least
 * one upper-case letter, lower-case letter and digit, 16 characters from the browser's CSPRNG.
 */
export function temporaryPassword(length = 16): string {
  const random = crypto.getRandomValues(new Uint32Array(length * 2));
  const characters = [pick(UPPER, random[0] ?? 0), pick(LOWER, random[1] ?? 0), pick(DIGITS, random[2] ?? 0)];
  for (let index = 3; index < length; index += 1) characters.push(pick(ALL, random[index] ?? 0));
  // Fisher–Yates with the second half of the random values, so the guaranteed classes are not always first.
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = (random[length + index] ?? 0) % (index + 1);
    [characters[index], characters[other]] = [characters[other] ?? "", characters[index] ?? ""];
  }
  return characters.join("");
}
