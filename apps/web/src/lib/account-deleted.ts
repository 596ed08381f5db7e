/**
 * Deleting one's account ends with a sign-out through the identity provider, which lands on '/':
 * a flag in sessionStorage carries "it worked" across that redirect, so the landing page can say so.
 */
export const ACCOUNT_DELETED_KEY = 'che:account-deleted'

export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted, with your progress, review history and reports.'

/**
 * This document's id. The flag holds the id of the document that set it: the app shows '/' the
 * moment the local session ends, before the redirect to the provider, and that first landing page
 * must leave the flag for the page the provider sends the learner back to (another document).
 */
// Not crypto.randomUUID(): it exists only in secure contexts, and an install may be served over
// plain HTTP on a home network. Uniqueness among one tab's documents is all this needs.
const THIS_DOCUMENT = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`

/** Called once the server has deleted the account, before signing out. */
export function rememberAccountDeleted(): void {
  try {
    sessionStorage.setItem(ACCOUNT_DELETED_KEY, THIS_DOCUMENT)
  } catch {
    // storage refused (private mode): the sign-out still happens, without the message
  }
}

/** Whether the account was just deleted in this tab (read without clearing it). */
export function accountJustDeleted(): boolean {
  try {
    return sessionStorage.getItem(ACCOUNT_DELETED_KEY) !== null
  } catch {
    return false
  }
}

/**
 * Clears the flag once the message has been shown, so a reload does not repeat it; not in the
 * document that set it, which is still on its way to the provider's sign-out.
 */
export function forgetAccountDeleted(): void {
  try {
    if (sessionStorage.getItem(ACCOUNT_DELETED_KEY) === THIS_DOCUMENT) return
    sessionStorage.removeItem(ACCOUNT_DELETED_KEY)
  } catch {
    // nothing to clear
  }
}
