import { forwardRef } from 'react';
import { Link, useLocation } from '@tanstack/react-router';
import {
  ArrowLeftRight,
  Banknote,
  BarChart3,
  Building2,
  Coins,
  CreditCard,
  DatabaseBackup,
  ExternalLink,
  FileText,
  FlaskConical,
  FolderKanban,
  HelpCircle,
  LayoutDashboard,
  List,
  ListFilter,
  PiggyBank,
  MessageSquare,
  Receipt,
  Settings,
  Shield,
  Tags,
  Upload,
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
  /** A section of the page to scroll to (the fragment after #). */
  hash?: string;
  /** Whether this entry is the current page; by default, an exact match of `to`. */
  matches?: (pathname: string) => boolean;
  /** Pages of the same idea, listed under this one (indented, a list of their own). */
  children?: NavLink[];
}

/** Shown, never a link or a button: nothing is behind it yet (docs/product.md#navigation). */
interface Unavailable {
  label: string;
  icon: LucideIcon;
}

interface Group {
  title: string;
  links: NavLink[];
  unavailable?: Unavailable[];
}

/** /accounts and an account's own page, /accounts/{id}; not /accounts/all (its own entry). */
const ACCOUNTS_PAGES = /^\/accounts(\/(?!all$)[^/]+)?\/?$/;

/**
 * Two ideas, two entries: Accounts (the list; under it the default account, "Account", and the
 * table of every account) and Expenses (the default account's; under it every expense). The
 * spec's words for the entries are kept: Account, All Accounts, Expenses, All Expenses.
 */
const OVERVIEW: Group = {
  title: 'Overview',
  links: [
    { label: 'Dashboard', to: '/', icon: LayoutDashboard },
    {
      label: 'Accounts',
      to: '/accounts',
      icon: Wallet2,
      matches: (pathname) => ACCOUNTS_PAGES.test(pathname),
      children: [
        { label: 'Account', to: '/account', icon: Wallet },
        { label: 'All Accounts', to: '/accounts/all', icon: List },
      ],
    },
    {
      label: 'Expenses',
      to: '/expenses',
      icon: Receipt,
      children: [{ label: 'All Expenses', to: '/all-expenses', icon: FileText }],
    },
    { label: 'Analytics', to: '/analytics', icon: BarChart3 },
    // The spec links both: Organization is the current book's members and invitations
    // (docs/sharing.md); Projects says plainly that nothing is there yet.
    { label: 'Organization', to: '/organization', icon: Building2 },
    { label: 'Projects', to: '/projects', icon: FolderKanban },
  ],
};

/** The ledger's pages and the budget; Invoices and Payments are not available yet. */
const FINANCE: Group = {
  title: 'Finance',
  links: [
    { label: 'Transactions', to: '/transactions', icon: ArrowLeftRight },
    { label: 'Categories', to: '/categories', icon: Tags },
    { label: 'Budget', to: '/budget', icon: PiggyBank },
  ],
  unavailable: [
    { label: 'Invoices', icon: FileText },
    { label: 'Payments', icon: Banknote },
  ],
};

/** Getting entries in (a bank file, the rules that sort it, exchange rates) and everything out again. */
const YOUR_DATA: Group = {
  title: 'Your data',
  links: [
    { label: 'Import', to: '/import', icon: Upload },
    { label: 'Rates', to: '/rates', icon: Coins },
    { label: 'Rules', to: '/rules', icon: ListFilter },
    { label: 'Export and restore', to: '/data', icon: DatabaseBackup },
  ],
};

/**
 * Members is the members section of /organization (a section, never marked as the current page:
 * Organization is); Permissions says what each role of a book may do.
 */
const TEAM: Group = {
  title: 'Team',
  links: [
    { label: 'Members', to: '/organization', hash: 'members', icon: Users, matches: () => false },
    { label: 'Permissions', to: '/permissions', icon: Shield },
  ],
  unavailable: [
    { label: 'Chat', icon: MessageSquare },
    { label: 'Meetings', icon: Video },
  ],
};
const TEAMS: Group = {
  title: 'Teams',
  links: [],
  unavailable: [{ label: 'Acme Inc.', icon: CreditCard }],
};

/** A page for checking the session and the API by hand: not part of the product's menu. */
const DEVELOPER: Group = {
  title: 'Developer',
  links: [{ label: 'Test', to: '/test', icon: FlaskConical }],
};

const YOU: Group = {
  title: 'You',
  links: [{ label: 'Settings', to: '/settings', icon: Settings }],
  unavailable: [{ label: 'Help', icon: HelpCircle }],
};

const MAIN_GROUPS = [OVERVIEW, FINANCE, YOUR_DATA, TEAM, TEAMS, DEVELOPER];

const itemClass = 'flex items-center gap-3 rounded-md px-3 py-2 text-sm';
const groupTitleClass =
  'px-3 pb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase';

/**
 * Not a link and not focusable: plain text marked "Not yet available", so it does not pass for
 * a control (a screen reader reads "Invoices, Not yet available").
 */
function UnavailableItem({ label, icon: Icon }: Unavailable) {
  return (
    <span data-unavailable className={cn(itemClass, 'items-start text-muted-foreground')}>
      <Icon className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
      <span className="flex min-w-0 flex-col">
        <span>{label}</span> <span className="text-xs">Not yet available</span>
      </span>
    </span>
  );
}

function NavItem(props: {
  link: NavLink;
  pathname: string;
  onNavigate: () => void;
  nested?: boolean;
}) {
  const { label, to, hash, icon: Icon, matches, children } = props.link;
  const active = matches ? matches(props.pathname) : props.pathname === to;
  return (
    <li>
      <Link
        to={to}
        hash={hash}
        onClick={props.onNavigate}
        aria-current={active ? 'page' : undefined}
        className={cn(
          itemClass,
          props.nested && 'py-1.5',
          active ? 'bg-accent font-semibold text-accent-foreground' : 'hover:bg-muted',
        )}
      >
        <Icon className="h-4 w-4 shrink-0" aria-hidden />
        {label}
      </Link>
      {children && (
        <ul aria-label={label} className="mt-1 ml-5 space-y-1 border-l border-border pl-2">
          {children.map((child) => (
            <NavItem
              key={child.label}
              link={child}
              pathname={props.pathname}
              onNavigate={props.onNavigate}
              nested
            />
          ))}
        </ul>
      )}
    </li>
  );
}

function NavGroup(props: { group: Group; pathname: string; onNavigate: () => void }) {
  const { title, links, unavailable } = props.group;
  const titleId = `nav-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <div>
      <p id={titleId} className={groupTitleClass}>
        {title}
      </p>
      <ul aria-labelledby={titleId} className="space-y-1">
        {links.map((link) => (
          <NavItem
            key={link.label}
            link={link}
            pathname={props.pathname}
            onNavigate={props.onNavigate}
          />
        ))}
        {unavailable?.map((item) => (
          <li key={item.label}>
            <UnavailableItem {...item} />
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
          {MAIN_GROUPS.map((group) => (
            <NavGroup key={group.title} group={group} pathname={pathname} onNavigate={onNavigate} />
          ))}
        </nav>
        <nav aria-label="Settings and help" className="border-t border-border p-3">
          <NavGroup group={YOU} pathname={pathname} onNavigate={onNavigate} />
        </nav>
      </aside>
    );
  },
);
