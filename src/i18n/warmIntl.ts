/**
 * The browser's first use of `Intl` for a language loads its locale data (ICU): on a cheap phone a single task
 * of ~80 ms (measured at 4× CPU slowdown), which react-intl's provider otherwise pays inside the first render.
 * main.tsx calls this while the catalog downloads, when the main thread has nothing else to do and nothing is
 * on screen yet; the data then stays loaded for the whole visit.
 */
export function warmIntl(locale: string) {
  setTimeout(() => {
    try {
      // What createIntl and the message formatters ask first (react-intl's locale check, numbers, dates, plurals).
      Intl.NumberFormat.supportedLocalesOf(locale);
      Intl.DateTimeFormat.supportedLocalesOf(locale);
      new Intl.NumberFormat(locale).format(1);
      new Intl.PluralRules(locale).select(1);
    } catch {
      // An engine without the language: react-intl reports it on first use.
    }
  }, 0);
}
