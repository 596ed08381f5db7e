/** Texts both bug-report forms share (spec §5: the description hint). */
export const DESCRIPTION_HINT = 'Please do not include an e-mail address or private information.'
export const THANK_YOU = 'Thank you — your report was sent.'
