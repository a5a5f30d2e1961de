import { Link } from '@tanstack/react-router';
import {
  BarChart3,
  Building2,
  CreditCard,
  FileText,
  FlaskConical,
  FolderKanban,
  HelpCircle,
  LayoutDashboard,
  List,
  MessageSquare,
  Receipt,
  Settings,
  Shield,
  Users,
  Video,
  Wallet,
  Wallet2,
  ArrowLeftRight,
  Banknote,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../lib/cn.js';

interface NavLink {
  label: string;
  to: string;
  icon: LucideIcon;
}

const OVERVIEW: NavLink[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Account', to: '/account', icon: Wallet },
  { label: 'Accounts', to: '/accounts', icon: Wallet2 },
  { label: 'Expenses', to: '/expenses', icon: Receipt },
  { label: 'All Accounts', to: '/accounts/all', icon: List },
  { label: 'All Expenses', to: '/all-expenses', icon: FileText },
  { label: 'Test', to: '/test', icon: FlaskConical },
  { label: 'Analytics', to: '/analytics', icon: BarChart3 },
  { label: 'Organization', to: '/organization', icon: Building2 },
  { label: 'Projects', to: '/projects', icon: FolderKanban },
];

/** Entries the spec shows but that lead nowhere yet. */
const PLACEHOLDER_GROUPS: { title: string; items: { label: string; icon: LucideIcon }[] }[] = [
  {
    title: 'Finance',
    items: [
      { label: 'Transactions', icon: ArrowLeftRight },
      { label: 'Invoices', icon: FileText },
      { label: 'Payments', icon: Banknote },
    ],
  },
  {
    title: 'Team',
    items: [
      { label: 'Members', icon: Users },
      { label: 'Permissions', icon: Shield },
      { label: 'Chat', icon: MessageSquare },
      { label: 'Meetings', icon: Video },
    ],
  },
  { title: 'Teams', items: [{ label: 'Acme Inc.', icon: CreditCard }] },
];

const FOOTER = [
  { label: 'Settings', icon: Settings },
  { label: 'Help', icon: HelpCircle },
];

const itemClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm';

function Placeholder({ label, icon: Icon }: { label: string; icon: LucideIcon }) {
  return (
    <span
      aria-disabled="true"
      title="Coming soon"
      className={cn(itemClass, 'cursor-default text-muted-foreground')}
    >
      <Icon className="h-4 w-4" aria-hidden />
      {label}
    </span>
  );
}

export function Sidebar({ open, onNavigate }: { open: boolean; onNavigate(): void }) {
  return (
    <aside
      id="app-sidebar"
      aria-label="Sidebar"
      className={cn(
        'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-card transition-transform lg:static lg:translate-x-0',
        open ? 'translate-x-0' : '-translate-x-full',
      )}
    >
      <a
        href="/"
        target="_blank"
        rel="noreferrer"
        className="flex h-16 items-center gap-2 border-b border-border px-5 font-semibold"
      >
        <Wallet className="h-6 w-6 text-primary" aria-hidden />
        Expense Tracker
      </a>
      <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto p-3">
        <div>
          <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
            Overview
          </p>
          <ul className="space-y-1">
            {OVERVIEW.map(({ label, to, icon: Icon }) => (
              <li key={to}>
                <Link
                  to={to}
                  onClick={onNavigate}
                  activeOptions={{ exact: true }}
                  className={cn(itemClass, 'hover:bg-muted')}
                  activeProps={{
                    className: 'bg-accent font-semibold text-primary',
                    'aria-current': 'page',
                  }}
                >
                  <Icon className="h-4 w-4" aria-hidden />
                  {label}
                </Link>
              </li>
            ))}
          </ul>
        </div>
        {PLACEHOLDER_GROUPS.map((group) => (
          <div key={group.title}>
            <p className="px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
              {group.title}
            </p>
            <ul className="space-y-1">
              {group.items.map((item) => (
                <li key={item.label}>
                  <Placeholder {...item} />
                </li>
              ))}
            </ul>
          </div>
        ))}
      </nav>
      <div className="space-y-1 border-t border-border p-3">
        {FOOTER.map((item) => (
          <Placeholder key={item.label} {...item} />
        ))}
      </div>
    </aside>
  );
}
