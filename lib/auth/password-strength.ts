import type { ZxcvbnFactory } from "@zxcvbn-ts/core";

/**
 * The lowest zxcvbn score accepted: 3 of 0–4 ("safely unguessable"), an estimated 10^8 guesses or more, which
 * PBKDF2-SHA512 at 210,000 iterations makes slow to try offline. Common passwords, keyboard walks, dates and
 * dictionary words with predictable capitals or substitutions score lower.
 */
const MIN_STRENGTH_SCORE = 3;

/**
 * The estimate reads this many characters. The matchers' cost grows faster than the password (a 128-character
 * l33t pattern took 1.5 s of CPU), while 64 characters that pass are far beyond guessing.
 */
const ANALYSED_LENGTH = 64;

let estimator: Promise<ZxcvbnFactory> | undefined;

/**
 * zxcvbn with the common-password list, the English and Spanish dictionaries (words, names, Wikipedia) and the
 * keyboard layouts: ~30 MB and ~200 ms to build, so built on the first password check and kept, not at start-up.
 */
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= Promise.all([
    import("@zxcvbn-ts/core"),
    import("@zxcvbn-ts/language-common"),
    import("@zxcvbn-ts/language-en"),
    import("@zxcvbn-ts/language-es-es"),
  ])
    .then(
      ([core, common, en, es]) =>
        new core.ZxcvbnFactory({
          dictionary: { ...common.dictionary, ...en.dictionary, ...es.dictionary },
          graphs: common.adjacencyGraphs,
          translations: en.translations,
          maxLength: ANALYSED_LENGTH,
          // Enough for "P4$$w0rd"; each one allowed more multiplies the work on substitution-heavy input.
          l33tMaxSubstitutions: 5,
        }),
    )
    .catch((error: unknown) => {
      estimator = undefined;
      throw error;
    });
  return estimator;
}

const TOO_EASY = "This password is too easy to guess.";

/**
 * Why `password` is too easy to guess, in English sentences (zxcvbn's warning and suggestions), or nothing when it
 * scores at least MIN_STRENGTH_SCORE. `userInputs` are words an attacker would try first for this account.
 *
 * zxcvbn alone scores three shapes that guessing tools try early as safe (issue 28): a capital that only breaks its
 * repeat and sequence matchers ("Aaaaaaaaaaa1", "Abcdefghijk1": lower-cased they score 1), and one word dressed with
 * digits and symbols ("Summer2026!!", "Verano2026!!": a season and a year). So the password must also pass lower-cased,
 * and its letters must not be a single dictionary word.
 */
export async function guessabilityProblems(password: string, userInputs: readonly string[]): Promise<string[]> {
  const estimator = await loadEstimator();
  for (const variant of [password, password.toLowerCase()]) {
    const { score, feedback } = estimator.check(variant, [...userInputs]);
    if (score < MIN_STRENGTH_SCORE)
      return [TOO_EASY, ...(feedback.warning ? [feedback.warning] : []), ...feedback.suggestions];
  }
  const letters = password.toLowerCase().replace(/[^\p{L}]/gu, "");
  const [only, ...others] = letters ? estimator.check(letters).sequence : [];
  if (only?.pattern === "dictionary" && others.length === 0)
    return [
      TOO_EASY,
      "A single word with numbers or symbols added is easy to guess.",
      "Add more words that are less common.",
    ];
  return [];
}
