/**
 * Server-rendered pages of the embedded provider: small, accessible, no inline scripts or styles
 * (the CSP allows only 'self'), and every form works with JavaScript off.
 */

export type Field = 'email' | 'name' | 'password'

export interface FormError {
  message: string
  /** The input the message is about, if any; it gets aria-invalid and points at the message. */
  field?: Field | undefined
}

/** Escapes text for HTML content and double-quoted attributes. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')
}

const PRODUCT = 'Che Idioms'

function layout(opts: { title: string; assets: string; body: string; script?: string }): string {
  const script = opts.script ? `\n  <script src="${escapeHtml(opts.script)}" defer></script>` : ''
  return `<!DOCTYPE html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <meta name="referrer" content="same-origin">
  <title>${escapeHtml(opts.title)} · ${PRODUCT}</title>
  <link rel="stylesheet" href="${escapeHtml(opts.assets)}/idp.css">${script}
</head>
<body>
  <main class="card">
    <p class="brand"><img src="/favicon.svg" alt="" width="32" height="32">${PRODUCT}</p>
${opts.body}
  </main>
</body>
</html>
`
}

function errorSummary(error: FormError | undefined): string {
  if (!error) return ''
  return `    <p class="alert" role="alert" id="form-error">${escapeHtml(error.message)}</p>\n`
}

function input(opts: {
  field: Field
  label: string
  type: string
  autocomplete: string
  value?: string | undefined
  error: FormError | undefined
  hint?: string | undefined
  extra?: string
}): string {
  const invalid = opts.error?.field === opts.field
  const describedBy = [opts.hint ? `${opts.field}-hint` : '', invalid ? 'form-error' : '']
    .filter(Boolean)
    .join(' ')
  const hint = opts.hint
    ? `\n        <p class="hint" id="${opts.field}-hint">${escapeHtml(opts.hint)}</p>`
    : ''
  const value = opts.value !== undefined ? ` value="${escapeHtml(opts.value)}"` : ''
  return `      <div class="field">
        <label for="${opts.field}">${escapeHtml(opts.label)}</label>${hint}
        <input id="${opts.field}" name="${opts.field}" type="${opts.type}" autocomplete="${opts.autocomplete}" required${value}${
          describedBy ? ` aria-describedby="${describedBy}"` : ''
        }${invalid ? ' aria-invalid="true" autofocus' : ''}${opts.extra ?? ''}>
      </div>
`
}

export function signInPage(opts: {
  assets: string
  action: string
  signUpHref: string
  /** "Forgot your password?" link. */
  resetHref?: string | undefined
  /** The public problem-report form of the app, for someone who cannot get in. */
  reportHref?: string | undefined
  email?: string | undefined
  error?: FormError | undefined
}): string {
  const focusEmail = !opts.error && !opts.email ? ' autofocus' : ''
  const reset = opts.resetHref
    ? `\n    <p class="switch"><a href="${escapeHtml(opts.resetHref)}">Forgot your password?</a></p>`
    : ''
  const report = opts.reportHref
    ? `\n    <p class="switch">Still cannot sign in? <a href="${escapeHtml(opts.reportHref)}">Report a problem</a></p>`
    : ''
  return layout({
    title: 'Sign in',
    assets: opts.assets,
    script: `${opts.assets}/password.js`,
    body: `    <h1>Sign in</h1>
${errorSummary(opts.error)}    <form method="post" action="${escapeHtml(opts.action)}" novalidate>
${input({ field: 'email', label: 'E-mail', type: 'email', autocomplete: 'username', value: opts.email, error: opts.error, extra: focusEmail })}${input({ field: 'password', label: 'Password', type: 'password', autocomplete: 'current-password', error: opts.error })}      <button type="submit">Sign in</button>
    </form>
    <p class="switch">New here? <a href="${escapeHtml(opts.signUpHref)}">Create an account</a></p>${reset}${report}`,
  })
}

/** Asks for the address to send a password-reset link to. */
export function forgotPasswordPage(opts: {
  assets: string
  action: string
  homeHref: string
  email?: string | undefined
  error?: FormError | undefined
}): string {
  return layout({
    title: 'Reset your password',
    assets: opts.assets,
    body: `    <h1>Reset your password</h1>
    <p>Enter the e-mail address of your account. We will send you a link to choose a new password.</p>
${errorSummary(opts.error)}    <form method="post" action="${escapeHtml(opts.action)}" novalidate>
${input({ field: 'email', label: 'E-mail', type: 'email', autocomplete: 'username', value: opts.email, error: opts.error, extra: opts.error ? '' : ' autofocus' })}      <button type="submit">Send the link</button>
    </form>
    <p class="switch"><a href="${escapeHtml(opts.homeHref)}">Back to ${PRODUCT}</a></p>`,
  })
}

/** The new-password form a reset link opens. */
export function newPasswordPage(opts: {
  assets: string
  action: string
  passwordRules: string
  error?: FormError | undefined
}): string {
  return layout({
    title: 'Choose a new password',
    assets: opts.assets,
    script: `${opts.assets}/password.js`,
    body: `    <h1>Choose a new password</h1>
${errorSummary(opts.error)}    <form method="post" action="${escapeHtml(opts.action)}" novalidate>
${input({ field: 'password', label: 'New password', type: 'password', autocomplete: 'new-password', error: opts.error, hint: opts.passwordRules, extra: ' minlength="8" maxlength="128" autofocus' })}      <button type="submit">Save the new password</button>
    </form>`,
  })
}

export function signUpPage(opts: {
  assets: string
  action: string
  signInHref: string
  passwordRules: string
  email?: string | undefined
  name?: string | undefined
  error?: FormError | undefined
}): string {
  const focusEmail = !opts.error ? ' autofocus' : ''
  return layout({
    title: 'Create an account',
    assets: opts.assets,
    script: `${opts.assets}/password.js`,
    body: `    <h1>Create an account</h1>
${errorSummary(opts.error)}    <form method="post" action="${escapeHtml(opts.action)}" novalidate>
${input({ field: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', value: opts.email, error: opts.error, extra: focusEmail })}${input({ field: 'name', label: 'Name', type: 'text', autocomplete: 'name', value: opts.name, error: opts.error, extra: ' maxlength="100"' })}${input({ field: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', error: opts.error, hint: opts.passwordRules, extra: ' minlength="8" maxlength="128"' })}      <button type="submit">Create account</button>
    </form>
    <p class="switch">Already have an account? <a href="${escapeHtml(opts.signInHref)}">Sign in</a></p>`,
  })
}

/**
 * The sign-out confirmation: one click, or none when `auto` (the script submits the form; it is
 * only offered when the request proved it came from our app through an id_token_hint).
 */
export function logoutPage(opts: { assets: string; form: string; auto: boolean }): string {
  return layout({
    title: 'Sign out',
    assets: opts.assets,
    script: opts.auto ? `${opts.assets}/logout.js` : undefined,
    body: `    <h1>Sign out</h1>
    <p>Sign out of ${PRODUCT} on this device?</p>
    ${opts.form}
    <button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>`,
  })
}

/** A dead end with a way home: expired sign-in links, provider errors, sign-out without a return. */
export function messagePage(opts: {
  assets: string
  title: string
  message: string
  homeHref: string
  homeLabel?: string
}): string {
  return layout({
    title: opts.title,
    assets: opts.assets,
    body: `    <h1>${escapeHtml(opts.title)}</h1>
    <p>${escapeHtml(opts.message)}</p>
    <p><a class="button" href="${escapeHtml(opts.homeHref)}">${escapeHtml(opts.homeLabel ?? `Back to ${PRODUCT}`)}</a></p>`,
  })
}
