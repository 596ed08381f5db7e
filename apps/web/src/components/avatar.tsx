import { Avatar as MantineAvatar } from '@mantine/core'
import { avatarInitials } from '@che/core/plain'
import type { AvatarSize } from '@che/core'

const PIXELS: Record<AvatarSize, number> = { small: 28, medium: 38, large: 64 }

export interface AvatarProps {
  name?: string | null
  picture?: string | null
  size?: AvatarSize
  alt?: string | null
}

/** The user's picture, else up to two initials of the name, else 'U' (spec §3). */
export function Avatar({ name, picture, size = 'medium', alt }: AvatarProps) {
  const label = alt?.trim() || name?.trim() || 'User avatar'
  const initials = avatarInitials(name)
  if (picture) {
    return (
      <MantineAvatar src={picture} alt={label} size={PIXELS[size]} radius="xl" data-size={size}>
        {initials}
      </MantineAvatar>
    )
  }
  return (
    <MantineAvatar
      role="img"
      aria-label={label}
      size={PIXELS[size]}
      radius="xl"
      color="blue"
      variant="filled"
      data-size={size}
    >
      <span aria-hidden="true">{initials}</span>
    </MantineAvatar>
  )
}
