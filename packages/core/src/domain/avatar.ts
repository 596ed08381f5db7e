export const AVATAR_SIZES = ['small', 'medium', 'large'] as const
export type AvatarSize = (typeof AVATAR_SIZES)[number]

/**
 * Initials for an avatar without a picture (spec §3): the first letters of the words of the
 * name, uppercased, at most 2; 'U' when there is no name.
 */
export function avatarInitials(name: string | null | undefined): string {
  const words = (name ?? '').trim().split(/\s+/u).filter(Boolean)
  if (words.length === 0) return 'U'
  return words
    .slice(0, 2)
    .map((w) => Array.from(w)[0]!.toLocaleUpperCase())
    .join('')
}
