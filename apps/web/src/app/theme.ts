import {
  createTheme,
  darken,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type FileInputProps,
  type MultiSelectProps,
  type PasswordInputProps,
  type SelectProps,
  type VariantColorsResolver,
} from '@mantine/core'

/**
 * The one place the app's colours are set (issue 13: WCAG 2.2 AA, text contrast at least 4.5:1).
 * The sign-in pages of the embedded provider use the same values (apps/server/src/idp/assets/idp.css).
 *
 * - Filled colours use shade 8 (blue 8 is #1971c2: 5.0:1 under white text, 4.8:1 on gray 0), and
 *   autoContrast picks black or white text by luminance, so orange, yellow and green stay readable.
 * - Light, outline and subtle variants write their text in a darkened shade 9 of their colour.
 * - Secondary ("dimmed") text is gray 7 (#495057, 8.2:1) instead of gray 6 (3.3:1).
 */

/** Text colour of the light, outline, subtle and transparent variants. */
const TEXT_ON_TINT = 0.3

const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input)
  if (['light', 'outline', 'subtle', 'transparent'].includes(input.variant ?? '')) {
    const parsed = parseThemeColor({
      color: input.color ?? input.theme.primaryColor,
      theme: input.theme,
    })
    if (parsed.isThemeColor) {
      const shade9 = input.theme.colors[parsed.color]?.[9]
      if (shade9) {
        const text = darken(shade9, TEXT_ON_TINT)
        return {
          ...colors,
          color: text,
          ...(input.variant === 'outline' ? { border: `1px solid ${text}` } : {}),
        }
      }
    }
  }
  return colors
}

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // Black text where it contrasts better than white: the crossover is at a luminance of 0.18.
  luminanceThreshold: 0.18,
  variantColorResolver,
  // Focus rings for keyboard users (:focus-visible), never hidden.
  focusRing: 'auto',
  // Mantine's transitions (menus, modals, notifications) honour prefers-reduced-motion.
  respectReducedMotion: true,
  defaultRadius: 'md',
  // Every clear (x) button says what it clears; Mantine leaves them unnamed. Plain objects, not
  // FileInput.extend(...): importing the components here would put them on every first load
  // (docs/decisions/039).
  components: {
    FileInput: {
      defaultProps: {
        clearButtonProps: { 'aria-label': 'Clear the chosen file' },
      } satisfies Partial<FileInputProps>,
    },
    Select: {
      defaultProps: {
        clearButtonProps: { 'aria-label': 'Clear the selection' },
      } satisfies Partial<SelectProps>,
    },
    MultiSelect: {
      defaultProps: {
        clearButtonProps: { 'aria-label': 'Clear the selection' },
      } satisfies Partial<MultiSelectProps>,
    },
    // The show/hide toggle of a password field is a button a keyboard user can reach (Tab from
    // the field, then Space or Enter); Mantine leaves it out of the tab order. Its name says what
    // it does and aria-pressed (set by Mantine) says whether the password is shown. The name
    // never repeats a field's label ("Show the current password" would also answer to the
    // label "Current password" and make the field ambiguous by label); each toggle follows its
    // field.
    PasswordInput: {
      defaultProps: {
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      } satisfies Partial<PasswordInputProps>,
    },
  },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
})

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    // Between gray 6 and 7: 4.8:1 on white, still lighter than typed text.
    '--mantine-color-placeholder': '#6b737b',
  },
  dark: {},
})
