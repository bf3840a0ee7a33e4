import type { FriendDoc } from '../../../schemas/collections/chat.ts';
import { Avatar } from './avatar.tsx';

/** Checkboxes over friends, for creating a group or inviting to one. */
export const FriendPicker = ({ friends, selected, onChange }: { friends: FriendDoc[]; selected: number[]; onChange: (ids: number[]) => void }) => (
  <ul className="chat-friend-picker">
    {friends.map((f) => (
      <li key={f.user_id}>
        <label className="check">
          <input
            type="checkbox"
            checked={selected.includes(f.user_id)}
            onChange={(e) => onChange(e.target.checked ? [...selected, f.user_id] : selected.filter((id) => id !== f.user_id))}
          />
          <Avatar name={f.nick_name} src={f.avatar || undefined} size={1.75} />
          <span dir="auto">{f.remark || f.nick_name}</span>
        </label>
      </li>
    ))}
  </ul>
);
