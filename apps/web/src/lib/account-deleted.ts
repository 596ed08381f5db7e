/**
 * Deleting one's account ends with a sign-out through the identity provider, which lands on '/':
 * a flag in sessionStorage carries "it worked" across that redirect, so the landing page can say so.
 */
const KEY = 'che:account-deleted'

export const ACCOUNT_DELETED_MESSAGE =
  'Your account has been deleted, with your progress, review history and reports.'

/** Called once the server has deleted the account, before signing out. */
export function rememberAccountDeleted(): void {
  try {
    sessionStorage.setItem(KEY, '1')
  } catch {
    // storage refused (private mode): the sign-out still happens, without the message
  }
}

/** Whether the account was just deleted in this tab (read without clearing it). */
export function accountJustDeleted(): boolean {
  try {
    return sessionStorage.getItem(KEY) === '1'
  } catch {
    return false
  }
}

/** Clears the flag once the message has been shown, so a reload does not repeat it. */
export function forgetAccountDeleted(): void {
  try {
    sessionStorage.removeItem(KEY)
  } catch {
    // nothing to clear
  }
}
