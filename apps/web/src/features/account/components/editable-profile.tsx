/**
 * The Profile tab's details (spec §2 "Profile"), editable on purpose (decision 058): read-only
 * until 'Edit profile', whose form code loads on that click; then the email and how to change
 * it (decision 067).
 */
import { lazy, Suspense, useState } from 'react';
import { Button } from '../../../components/ui/button';
import type { SessionUser } from '../../../lib/contexts/session';
import { EmailSection } from './email-section';
import { ProfileDetails } from './profile-details';

const EditProfileForm = lazy(async () => ({
  default: (await import('./edit-profile-form')).EditProfileForm,
}));

export function EditableProfile({ user }: { user: SessionUser }) {
  const [editing, setEditing] = useState(false);
  return (
    <>
      {editing ? (
        <Suspense fallback={<p role="status">Loading...</p>}>
          <EditProfileForm user={user} onDone={() => setEditing(false)} />
        </Suspense>
      ) : (
        <div className="grid gap-4">
          <ProfileDetails user={user} />
          <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)}>
            Edit profile
          </Button>
        </div>
      )}
      <EmailSection email={user.email} />
    </>
  );
}
