import type { TFunction } from 'i18next';

/**
 * Wraps a member's text in a Unicode bidi isolate (FSI … PDI), so a name in the other direction,
 * or one ending in an unclosed override, cannot reorder the sentence around it.
 */
const isolate = (text: string) => `\u2068${text}\u2069`;

/** A system tag message (msg_type 8) in the reader's language; its content is JSON from the server. */
export const systemText = (t: TFunction, content: string): string => {
  try {
    const data = JSON.parse(content) as { tag?: string; actor?: string; names?: string[]; value?: string };
    const params = { actor: isolate(data.actor ?? ''), names: (data.names ?? []).map(isolate).join(', '), value: isolate(data.value ?? '') };
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
