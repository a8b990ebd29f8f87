import inter400 from "@fontsource/inter/files/inter-latin-400-normal.woff";
import inter600 from "@fontsource/inter/files/inter-latin-600-normal.woff";
import inter700 from "@fontsource/inter/files/inter-latin-700-normal.woff";

/** The Inter weights satori cards are laid out with, the same in Satori and when a card goes through Chromium. */
export const INTER_FONTS = [
  { weight: 400 as const, data: inter400 },
  { weight: 600 as const, data: inter600 },
  { weight: 700 as const, data: inter700 },
];
