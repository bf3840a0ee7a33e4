import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GROUP_NAME_MAX } from '../../../schemas/api/chat.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import { Field } from '../../ui/field.tsx';
import { FriendPicker } from './friend-picker.tsx';
import { useFriends } from './use-chat.ts';
import { createGroup } from './use-group.ts';

export const NewGroupDialog = ({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) => {
  const { t } = useTranslation();
  const friends = useFriends() ?? [];
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [picked, setPicked] = useState<number[]>([]);
  const [error, setError] = useState<string | null>(null);
  const create = async () => {
    if (!name.trim()) return setError(t('chat.nameRequired'));
    if (picked.length === 0) return setError(t('chat.pickOne'));
    setError(null);
    try {
      const group = await createGroup(name.trim(), picked);
      onOpenChange(false);
      setName('');
      setPicked([]);
      await navigate({ to: '/chat', search: { c: group.chat_key } });
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t('chat.createTitle')}>
      {friends.length === 0 ? (
        <p className="muted">{t('chat.createNoFriends')}</p>
      ) : (
        <div className="stack">
          <Field label={t('chat.groupName')} value={name} maxLength={GROUP_NAME_MAX} onChange={(e) => setName(e.target.value)} dir="auto" />
          <fieldset className="stack" style={{ border: 'none', padding: 0, margin: 0 }}>
            <legend>{t('chat.createMembers')}</legend>
            <FriendPicker friends={friends} selected={picked} onChange={setPicked} />
          </fieldset>
          {error && (
            <p className="alert" role="alert">
              {error}
            </p>
          )}
          <div>
            <Button onClick={() => create()}>{t('chat.create')}</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
};
