import type { TFunction } from 'i18next';

/** A system tag message (msg_type 8) in the reader's language; its content is JSON from the server. */
export const systemText = (t: TFunction, content: string): string => {
  try {
    const data = JSON.parse(content) as { tag?: string; actor?: string; names?: string[]; value?: string };
    const params = { actor: data.actor ?? '', names: (data.names ?? []).join(', '), value: data.value ?? '' };
    switch (data.tag) {
      case 'created':
      case 'joined':
      case 'removed':
      case 'left':
      case 'renamed':
      case 'notice':
      case 'entered':
      case 'leftRoom':
        return t(`chat.system.${data.tag}`, params);
      default:
        return t('chat.system.unknown');
    }
  } catch {
    return t('chat.system.unknown');
  }
};
