import { forwardRef } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import {
  ArrowLeftRight,
  Banknote,
  BarChart3,
  Building2,
  CreditCard,
  ExternalLink,
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
  Tags,
  Users,
  Video,
  Wallet,
  Wallet2,
  type LucideIcon,
} from 'lucide-react';
import { cn } from '../../lib/cn.js';

interface NavLink {
  label: string;
  to: string;
  icon: LucideIcon;
  /** Whether this entry is the current page; by default, an exact match of `to`. */
  matches?: (pathname: string) => boolean;
}

/** /accounts and an account's own page, /accounts/{id}; not /accounts/all (its own entry). */
const ACCOUNTS_PAGES = /^\/accounts(\/(?!all$)[^/]+)?\/?$/;

const OVERVIEW: NavLink[] = [
  { label: 'Dashboard', to: '/', icon: LayoutDashboard },
  { label: 'Account', to: '/account', icon: Wallet },
  {
    label: 'Accounts',
    to: '/accounts',
    icon: Wallet2,
    matches: (pathname) => ACCOUNTS_PAGES.test(pathname),
  },
  { label: 'Expenses', to: '/expenses', icon: Receipt },
  { label: 'All Accounts', to: '/accounts/all', icon: List },
  { label: 'All Expenses', to: '/all-expenses', icon: FileText },
  { label: 'Analytics', to: '/analytics', icon: BarChart3 },
  { label: 'Organization', to: '/organization', icon: Building2 },
  { label: 'Projects', to: '/projects', icon: FolderKanban },
];

/** The ledger's pages; Invoices and Payments stay placeholders beside them. */
const FINANCE: NavLink[] = [
  { label: 'Transactions', to: '/transactions', icon: ArrowLeftRight },
  { label: 'Categories', to: '/categories', icon: Tags },
];
const FINANCE_PLACEHOLDERS = [
  { label: 'Invoices', icon: FileText },
  { label: 'Payments', icon: Banknote },
];

/** A page for checking the session and the API by hand: not part of the product's menu. */
const DEVELOPER: NavLink[] = [{ label: 'Test', to: '/test', icon: FlaskConical }];

/** Entries shown but leading nowhere yet (docs/product.md#screens). */
const PLACEHOLDER_GROUPS: { title: string; items: { label: string; icon: LucideIcon }[] }[] = [
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

const FOOTER_LINKS: NavLink[] = [{ label: 'Settings', to: '/settings', icon: Settings }];
const FOOTER_PLACEHOLDERS = [{ label: 'Help', icon: HelpCircle }];

const itemClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm';
const groupTitleClass =
  'px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase';

/** Not a link and not focusable: plain text marked "Soon", so it does not pass for one. */
function Placeholder({ label, icon: Icon }: { label: string; icon: LucideIcon }) {
  return (
    <span className={cn(itemClass, 'cursor-not-allowed text-muted-foreground')}>
      <Icon className="h-4 w-4" aria-hidden />
      <span>{label}</span>
      <span className="ml-auto rounded border border-border px-1.5 text-[10px] font-medium tracking-wide uppercase">
        Soon
      </span>
    </span>
  );
}

function NavGroup(props: {
  title: string;
  links: NavLink[];
  pathname: string;
  onNavigate: () => void;
  placeholders?: { label: string; icon: LucideIcon }[];
}) {
  const titleId = `nav-${props.title.toLowerCase()}`;
  return (
    <div>
      <p id={titleId} className={groupTitleClass}>
        {props.title}
      </p>
      <ul aria-labelledby={titleId} className="space-y-1">
        {props.links.map(({ label, to, icon: Icon, matches }) => {
          const active = matches ? matches(props.pathname) : props.pathname === to;
          return (
            <li key={to}>
              <Link
                to={to}
                onClick={props.onNavigate}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  itemClass,
                  active ? 'bg-accent font-semibold text-accent-foreground' : 'hover:bg-muted',
                )}
              >
                <Icon className="h-4 w-4" aria-hidden />
                {label}
              </Link>
            </li>
          );
        })}
        {props.placeholders?.map((item) => (
          <li key={item.label}>
            <Placeholder {...item} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The app's menu. On small screens it slides in over the page; while closed there it is
 * `invisible` as well as off screen, so its links are out of the tab order and the reading order
 * (on closing, visibility switches at the end of the slide, so the slide still shows).
 */
export const Sidebar = forwardRef<HTMLElement, { open: boolean; onNavigate: () => void }>(
  function Sidebar({ open, onNavigate }, ref) {
    const { pathname } = useLocation();
    return (
      <aside
        ref={ref}
        id="app-sidebar"
        aria-label="Sidebar"
        className={cn(
          'fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-border bg-card lg:static lg:visible lg:translate-x-0',
          // Opening: visible at once (so focus can move in); closing: hidden at the slide's end.
          open
            ? 'visible translate-x-0 transition-transform'
            : 'invisible -translate-x-full transition-[transform,visibility]',
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
          <ExternalLink className="h-3.5 w-3.5 text-muted-foreground" aria-hidden />
          <span className="sr-only">(opens in a new tab)</span>
        </a>
        <nav aria-label="Main" className="flex-1 space-y-6 overflow-y-auto p-3">
          <NavGroup title="Overview" links={OVERVIEW} pathname={pathname} onNavigate={onNavigate} />
          <NavGroup
            title="Finance"
            links={FINANCE}
            placeholders={FINANCE_PLACEHOLDERS}
            pathname={pathname}
            onNavigate={onNavigate}
          />
          {PLACEHOLDER_GROUPS.map((group) => (
            <div key={group.title}>
              <p className={groupTitleClass}>{group.title}</p>
              <ul className="space-y-1">
                {group.items.map((item) => (
                  <li key={item.label}>
                    <Placeholder {...item} />
                  </li>
                ))}
              </ul>
            </div>
          ))}
          <NavGroup
            title="Developer"
            links={DEVELOPER}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        </nav>
        <nav aria-label="Settings and help" className="border-t border-border p-3">
          <NavGroup
            title="You"
            links={FOOTER_LINKS}
            placeholders={FOOTER_PLACEHOLDERS}
            pathname={pathname}
            onNavigate={onNavigate}
          />
        </nav>
      </aside>
    );
  },
);
