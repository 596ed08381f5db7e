import type { Page } from 'playwright-core'

/** Interactive elements smaller than 44×44 CSS px (inline links in running text are exempt, WCAG 2.5.8). */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const small: string[] = []
    const targets = document.querySelectorAll<HTMLElement>(
      'button, [role="button"], input:not([type="hidden"]), select, textarea, [role="radio"], [role="checkbox"], [role="switch"], a[href]',
    )
    for (const el of Array.from(targets)) {
      let r = el.getBoundingClientRect()
      const style = getComputedStyle(el)
      // A radio hidden behind its label (a segmented control's choice): the label is the target.
      const label =
        el.tagName === 'INPUT'
          ? (el.closest('label') ?? document.querySelector(`label[for="${CSS.escape(el.id)}"]`))
          : null
      if ((r.width === 0 || r.height === 0) && label && (el as HTMLInputElement).type === 'radio')
        r = label.getBoundingClientRect()
      if (r.width === 0 || r.height === 0) continue
      if (style.visibility === 'hidden') continue
      // Inline links inside a sentence are exempt; visually hidden native inputs use their label.
      if (el.tagName === 'A' && style.display === 'inline') continue
      if (el.tagName === 'INPUT' && (el as HTMLInputElement).type !== 'text') {
        const box = (label ?? el).getBoundingClientRect()
        if (box.height >= 44 || r.height >= 44) continue
      }
      if (r.width < 44 || r.height < 44)
        small.push(
          `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? label?.textContent ?? el.textContent ?? '').trim().slice(0, 40)}" ${Math.round(r.width)}×${Math.round(r.height)}`,
        )
    }
    return small
  })
}
