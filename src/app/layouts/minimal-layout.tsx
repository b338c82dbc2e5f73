import { Outlet } from 'react-router-dom';
import { MinimalFrame } from '@/app/layouts/minimal-frame';

/** The public pages' layout inside the app's router (the frame is shared with the first visit's pages). */
export function MinimalLayout() {
  return (
    <MinimalFrame>
      <Outlet />
    </MinimalFrame>
  );
}
