/**
 * The menu icon library (spec 03 §3 "Static tables": about 100 named icons with search
 * synonyms) and the menu's default icon update_app (spec 02 §9). Glyphs are Lucide's
 * (lucide-static, ISC licence): 24×24, stroked in currentColor, so a set's shape colour paints
 * them. Synonyms are Lucide's tags plus the product's own words (what a campground, resort,
 * town or school calls the thing). Isomorphic and pure.
 */
import {
  Accessibility,
  Anchor,
  Award,
  Baby,
  Barcode,
  Bath,
  Bed,
  Beer,
  Bell,
  Bike,
  Binoculars,
  Bird,
  BookOpen,
  Bookmark,
  BriefcaseMedical,
  Building,
  Bus,
  Calendar,
  CalendarCheck,
  CalendarClock,
  Camera,
  Car,
  Caravan,
  Church,
  CircleFadingArrowUp,
  CircleQuestionMark,
  ClipboardCheck,
  ClipboardList,
  Clock,
  CloudSun,
  Coffee,
  Compass,
  Contact,
  CreditCard,
  Dices,
  Disc,
  Dog,
  DollarSign,
  Drama,
  Droplet,
  Dumbbell,
  EvCharger,
  FerrisWheel,
  FileText,
  Fish,
  Flag,
  Flame,
  FlameKindling,
  Folder,
  Footprints,
  Fuel,
  Gamepad2,
  Gauge,
  Gift,
  Globe,
  GraduationCap,
  Handshake,
  Heart,
  Hospital,
  House,
  IceCreamCone,
  Image,
  Info,
  KeyRound,
  Landmark,
  LayoutGrid,
  Library,
  List,
  Lock,
  LogIn,
  LogOut,
  Mail,
  Map as MapGlyph,
  MapPin,
  Medal,
  Megaphone,
  MessageCircle,
  MessagesSquare,
  Mountain,
  Music,
  Navigation,
  Newspaper,
  Package,
  PartyPopper,
  PawPrint,
  Phone,
  Pizza,
  Puzzle,
  QrCode,
  Receipt,
  Recycle,
  Route,
  Sailboat,
  Sandwich,
  ScanLine,
  ScanQrCode,
  School,
  Search,
  Send,
  Settings,
  ShoppingBag,
  ShoppingCart,
  ShowerHead,
  Signpost,
  Smartphone,
  Snowflake,
  Sparkles,
  Sprout,
  SquareParking,
  Star,
  Store,
  Sun,
  Tag,
  Target,
  Tent,
  ThumbsUp,
  Ticket,
  Toilet,
  ToyBrick,
  Tractor,
  Trash,
  TreePine,
  Trees,
  TriangleAlert,
  Trophy,
  Truck,
  Umbrella,
  User,
  Users,
  Utensils,
  UtensilsCrossed,
  Video,
  Volleyball,
  WashingMachine,
  WavesHorizontal,
  WavesLadder,
  Wifi,
  Wine,
  Wrench,
  Zap,
} from 'lucide-static';
import { sanitizeSvg } from './sanitize';

interface MenuIconDefinition {
  readonly name: string;
  /** The Lucide svg source. */
  readonly glyph: string;
  readonly synonyms: readonly string[];
}

const DEFINITIONS: readonly MenuIconDefinition[] = [
  { name: 'update_app', glyph: CircleFadingArrowUp, synonyms: ['update', 'new version', 'app', 'download', 'upgrade', 'default', 'north', 'up', 'improve', 'circle', 'button'] },
  { name: 'calendar', glyph: Calendar, synonyms: ['activities', 'events', 'schedule', 'agenda', 'dates', 'date', 'month', 'year', 'event', 'birthday', 'birthdate'] },
  { name: 'calendar-check', glyph: CalendarCheck, synonyms: ['booking', 'appointment', 'reserved', 'rsvp', 'date', 'day', 'month', 'year', 'event', 'confirm', 'subscribe', 'schedule', 'done', 'todo', 'tick', 'complete', 'task'] },
  { name: 'calendar-clock', glyph: CalendarClock, synonyms: ['time booking', 'tee time', 'appointment', 'slot', 'date', 'day', 'month', 'year', 'event', 'clock', 'hour'] },
  { name: 'clock', glyph: Clock, synonyms: ['hours', 'time', 'open', 'watch', 'alarm'] },
  { name: 'tent', glyph: Tent, synonyms: ['campground', 'campsite', 'recreation', 'camping', 'tipi', 'teepee', 'wigwam', 'lodge', 'holiday', 'retreat', 'nomadic', 'native american', 'indian', 'wilderness', 'outdoors'] },
  { name: 'campfire', glyph: FlameKindling, synonyms: ['flame', 'fire pit', 'bonfire', 'smores', 'wood', 'camping', 'wilderness', 'outdoors', 'lit', 'warmth', 'twigs', 'sticks'] },
  { name: 'flame', glyph: Flame, synonyms: ['fire', 'bbq', 'grill', 'hot', 'heat', 'burn', 'light', 'glow', 'ignite', 'passion', 'ember', 'lit', 'burning', 'spark', 'embers', 'smoke', 'firefighter', 'fireman', 'department', 'brigade', 'station', 'emergency'] },
  { name: 'caravan', glyph: Caravan, synonyms: ['rv', 'camper', 'trailer', 'motorhome', 'sites', 'tow', 'camping', 'campsite', 'mobile home', 'holiday', 'nomadic', 'wilderness', 'outdoors'] },
  { name: 'cabin', glyph: House, synonyms: ['lodging', 'cottage', 'home', 'rental', 'living', 'building', 'residence', 'architecture'] },
  { name: 'bed', glyph: Bed, synonyms: ['lodging', 'reservations', 'stay', 'hotel', 'rooms', 'sleep', 'furniture'] },
  { name: 'utensils', glyph: Utensils, synonyms: ['food', 'restaurant', 'eat', 'meal', 'menu', 'fork', 'knife', 'cutlery', 'flatware', 'tableware', 'silverware', 'breakfast', 'dinner', 'supper'] },
  { name: 'dining', glyph: UtensilsCrossed, synonyms: ['food', 'restaurant', 'eat', 'dinner', 'lunch', 'breakfast', 'fork', 'knife', 'cutlery', 'flatware', 'tableware', 'silverware', 'meal', 'supper'] },
  { name: 'coffee', glyph: Coffee, synonyms: ['cafe', 'espresso', 'tea', 'breakfast', 'drink', 'cup', 'mug', 'hot', 'beverage'] },
  { name: 'pizza', glyph: Pizza, synonyms: ['food', 'delivery', 'takeout', 'pie', 'quiche'] },
  { name: 'sandwich', glyph: Sandwich, synonyms: ['picnic', 'deli', 'snack bar', 'lunch', 'food', 'snack', 'dish', 'restaurant', 'meal'] },
  { name: 'ice-cream', glyph: IceCreamCone, synonyms: ['dessert', 'treats', 'sweets', 'snack', 'gelato', 'food'] },
  { name: 'beer', glyph: Beer, synonyms: ['bar', 'pub', 'brewery', 'drinks', 'alcohol', 'beverage', 'drink'] },
  { name: 'wine', glyph: Wine, synonyms: ['bar', 'winery', 'drinks', 'lounge', 'alcohol', 'beverage', 'drink', 'glass', 'sommelier', 'vineyard'] },
  { name: 'store', glyph: Store, synonyms: ['shop', 'camp store', 'general store', 'market', 'supermarket', 'stand', 'boutique', 'building'] },
  { name: 'shopping-cart', glyph: ShoppingCart, synonyms: ['store', 'shop', 'cart', 'buy', 'orders', 'trolley', 'basket', 'e-commerce', 'purchase', 'products', 'items', 'ingredients'] },
  { name: 'shopping-bag', glyph: ShoppingBag, synonyms: ['shop', 'boutique', 'gift shop', 'ecommerce', 'cart', 'purchase', 'store'] },
  { name: 'gift', glyph: Gift, synonyms: ['giveaway', 'present', 'prize', 'rewards', 'box', 'birthday', 'party'] },
  { name: 'tag', glyph: Tag, synonyms: ['deals', 'sale', 'price', 'coupon', 'label', 'badge', 'ticket', 'mark'] },
  { name: 'credit-card', glyph: CreditCard, synonyms: ['payment', 'pay', 'card', 'bank', 'purchase', 'cc'] },
  { name: 'dollar', glyph: DollarSign, synonyms: ['money', 'dollars', 'price', 'cost', 'currency', 'payment'] },
  { name: 'receipt', glyph: Receipt, synonyms: ['orders', 'invoice', 'purchase', 'bill', 'voucher', 'slip', 'check', 'counterfoil', 'currency', 'dollar', 'usd', '$'] },
  { name: 'package', glyph: Package, synonyms: ['delivery', 'mail', 'parcel', 'pickup', 'box', 'container', 'storage', 'sealed', 'undelivered', 'unopened', 'packed', 'archive', 'zip', 'module'] },
  { name: 'ticket', glyph: Ticket, synonyms: ['tickets', 'admission', 'pass', 'event', 'entry', 'voucher', 'concert', 'show', 'perforated', 'dashed'] },
  { name: 'map', glyph: MapGlyph, synonyms: ['maps', 'directions', 'trails', 'layout', 'location', 'navigation', 'travel'] },
  { name: 'map-pin', glyph: MapPin, synonyms: ['location', 'place', 'address', 'searchable map', 'waypoint', 'marker', 'drop'] },
  { name: 'compass', glyph: Compass, synonyms: ['explore', 'scavenger hunt', 'adventure', 'orienteering', 'direction', 'north', 'east', 'south', 'west', 'browser'] },
  { name: 'navigation', glyph: Navigation, synonyms: ['directions', 'gps', 'wayfinding', 'location', 'travel'] },
  { name: 'signpost', glyph: Signpost, synonyms: ['trailhead', 'directions', 'signs', 'navigation', 'direction', 'arrow', 'wayfinding', 'guide', 'location', 'pointer', 'route', 'indicator', 'marker', 'bidirectional', 'left', 'right', 'east', 'west'] },
  { name: 'route', glyph: Route, synonyms: ['trail', 'path', 'walk', 'tour', 'journey', 'planner', 'points', 'stops', 'stations'] },
  { name: 'hiking', glyph: Footprints, synonyms: ['hike', 'trail', 'walking', 'nature walk', 'steps', 'foot', 'feet', 'shoe'] },
  { name: 'bike', glyph: Bike, synonyms: ['bicycle', 'cycling', 'rentals', 'trail', 'transport', 'trip'] },
  { name: 'car', glyph: Car, synonyms: ['parking', 'drive', 'vehicle', 'shuttle', 'trip', 'journey'] },
  { name: 'bus', glyph: Bus, synonyms: ['shuttle', 'transit', 'trolley', 'transportation', 'vehicle', 'transport', 'trip'] },
  { name: 'truck', glyph: Truck, synonyms: ['delivery', 'moving', 'service', 'van', 'shipping', 'haulage', 'lorry'] },
  { name: 'parking', glyph: SquareParking, synonyms: ['park', 'car park', 'lot', 'vehicles', 'parking lot'] },
  { name: 'propane', glyph: Fuel, synonyms: ['gas', 'fuel', 'lp', 'refill', 'dump station', 'filling-station', 'petrol', 'tank'] },
  { name: 'ev-charger', glyph: EvCharger, synonyms: ['electric vehicle', 'charging', 'plug', 'electric', 'charger', 'station', 'vehicle', 'fast', 'ev', 'power', 'electricity', 'energy', 'accumulator', 'charge'] },
  { name: 'electric', glyph: Zap, synonyms: ['power', 'electric usage', 'meters', 'utilities', 'flash', 'camera', 'lightning', 'electricity', 'energy', 'quick'] },
  { name: 'gauge', glyph: Gauge, synonyms: ['meter', 'usage', 'reading', 'utilities', 'dashboard', 'dial', 'speed', 'pressure', 'measure', 'level'] },
  { name: 'water', glyph: Droplet, synonyms: ['hookup', 'drinking water', 'weather', 'liquid', 'fluid', 'wet', 'moisture', 'damp', 'bead', 'globule'] },
  { name: 'waves', glyph: WavesHorizontal, synonyms: ['lake', 'beach', 'river', 'swimming', 'water', 'sea', 'sound', 'hertz', 'wavelength', 'vibrate', 'ocean', 'frequency'] },
  { name: 'pool', glyph: WavesLadder, synonyms: ['swimming pool', 'swim', 'splash pad', 'hot tub', 'swimming', 'water', 'lifeguard', 'ocean', '🌊', '🏊‍♂️', '🏊‍♀️', '🏊', '🥽'] },
  { name: 'boat', glyph: Sailboat, synonyms: ['boating', 'sailing', 'marina', 'kayak', 'canoe', 'rentals', 'ship', 'harbor', 'harbour', 'dock'] },
  { name: 'anchor', glyph: Anchor, synonyms: ['marina', 'dock', 'harbor', 'boat launch', 'ship'] },
  { name: 'fish', glyph: Fish, synonyms: ['fishing', 'pond', 'lake', 'bait', 'dish', 'restaurant', 'course', 'meal', 'seafood', 'pet', 'sea', 'marine'] },
  { name: 'golf', glyph: Flag, synonyms: ['golf course', 'mini golf', 'putt putt', 'frisbee golf', 'tee', 'report', 'marker', 'notification', 'warning', 'milestone', 'goal', 'notice', 'signal', 'attention', 'banner'] },
  { name: 'playground', glyph: ToyBrick, synonyms: ['kids', 'children', 'play', 'toys', 'lego', 'block', 'addon', 'plugin', 'integration'] },
  { name: 'ferris-wheel', glyph: FerrisWheel, synonyms: ['amusement', 'fair', 'rides', 'carnival', 'big wheel', 'daisy wheel', 'observation', 'attraction', 'entertainment', 'amusement park', 'theme park', 'funfair'] },
  { name: 'arcade', glyph: Gamepad2, synonyms: ['games', 'video games', 'game room', 'console'] },
  { name: 'dice', glyph: Dices, synonyms: ['games', 'bingo', 'board games', 'casino', 'random', 'tabletop', 'board', 'game'] },
  { name: 'gym', glyph: Dumbbell, synonyms: ['fitness', 'exercise', 'workout', 'weights', 'barbell', 'weight'] },
  { name: 'volleyball', glyph: Volleyball, synonyms: ['sports', 'beach volleyball', 'ball', 'beach', 'sand', 'net', 'holiday', 'vacation', 'summer', 'soccer', 'football', 'futbol', 'kick', 'pitch', 'goal', 'score', 'bounce', 'leather', 'wool', 'yarn', 'knitting', 'sewing', 'thread', 'embroidery', 'textile'] },
  { name: 'frisbee', glyph: Disc, synonyms: ['disc golf', 'frisbee golf', 'album', 'music', 'songs', 'format', 'cd', 'dvd', 'vinyl', 'sleeve', 'cover', 'platinum', 'compilation', 'ep', 'recording', 'playback', 'spin', 'rotate', 'rpm', 'dj'] },
  { name: 'trophy', glyph: Trophy, synonyms: ['rewards', 'winner', 'leaderboard', 'contest', 'prize', 'sports', 'achievement', 'award', 'champion', 'celebration', 'victory', 'competition', 'tournament', 'ranking', 'success', 'reward', 'cup', 'first', 'gold'] },
  { name: 'award', glyph: Award, synonyms: ['badge', 'achievement', 'rewards', 'points', 'rosette', 'prize', 'winner'] },
  { name: 'medal', glyph: Medal, synonyms: ['prize', 'winner', 'sports', 'trophy', 'award', 'achievement'] },
  { name: 'puzzle', glyph: Puzzle, synonyms: ['scavenger hunt', 'games', 'challenge', 'quest', 'component', 'module', 'part', 'piece'] },
  { name: 'target', glyph: Target, synonyms: ['goal', 'archery', 'challenge', 'logo', 'bullseye', 'deadline', 'projects', 'overview', 'work', 'productivity'] },
  { name: 'party', glyph: PartyPopper, synonyms: ['celebration', 'festival', 'entertainment', 'emoji', 'congratulations', 'tada', '🎉', '🎊', 'excitement', 'exciting', 'excites', 'confetti'] },
  { name: 'music', glyph: Music, synonyms: ['concert', 'live music', 'band', 'karaoke'] },
  { name: 'theater', glyph: Drama, synonyms: ['theatre', 'shows', 'performances', 'movies', 'drama', 'masks', 'entertainment', 'show'] },
  { name: 'video', glyph: Video, synonyms: ['movie', 'film', 'webcam', 'live stream', 'camera', 'recording', 'motion picture', 'camcorder', 'reel'] },
  { name: 'camera', glyph: Camera, synonyms: ['photos', 'pictures', 'gallery', 'webcam', 'photography', 'lens', 'focus', 'capture', 'shot', 'visual', 'image', 'device', 'equipment', 'photo', 'video'] },
  { name: 'image', glyph: Image, synonyms: ['photo', 'gallery', 'picture'] },
  { name: 'trees', glyph: Trees, synonyms: ['forest', 'nature', 'park', 'woods', 'tree'] },
  { name: 'tree', glyph: TreePine, synonyms: ['pine', 'evergreen', 'nature', 'christmas', 'forest', 'park'] },
  { name: 'mountain', glyph: Mountain, synonyms: ['hiking', 'view', 'outdoors', 'climbing', 'climb', 'hike', 'rock'] },
  { name: 'sun', glyph: Sun, synonyms: ['weather', 'summer', 'sunny', 'beach', 'brightness', 'light'] },
  { name: 'weather', glyph: CloudSun, synonyms: ['forecast', 'conditions', 'climate', 'partly'] },
  { name: 'umbrella', glyph: Umbrella, synonyms: ['rain', 'beach', 'weather', 'shade'] },
  { name: 'snowflake', glyph: Snowflake, synonyms: ['winter', 'snow', 'ski', 'cold', 'weather', 'freeze'] },
  { name: 'binoculars', glyph: Binoculars, synonyms: ['wildlife', 'birding', 'scenic view', 'lookout', 'field glasses', 'lorgnette', 'pince-nez', 'observation', 'sightseeing', 'nature', 'birdwatching', 'scouting', 'surveillance', 'search', 'discovery', 'monitoring', 'viewpoint', 'travel', 'tourism', 'research'] },
  { name: 'bird', glyph: Bird, synonyms: ['birding', 'wildlife', 'nature', 'peace', 'freedom', 'wing', 'avian', 'tweet'] },
  { name: 'dog', glyph: Dog, synonyms: ['pets', 'dog park', 'pet friendly', 'animals', 'animal', 'pet', 'puppy', 'hound', 'canine'] },
  { name: 'paw', glyph: PawPrint, synonyms: ['pets', 'animals', 'pet policy', 'dog park', 'vets', 'veterinarian', 'domesticated', 'cat', 'dog', 'bear'] },
  { name: 'sprout', glyph: Sprout, synonyms: ['garden', 'plants', 'nature', 'community garden', 'eco', 'green', 'growth', 'leaf', 'plant', 'seed', 'spring', 'sustainability'] },
  { name: 'tractor', glyph: Tractor, synonyms: ['farm', 'hayride', 'agriculture', 'farming', 'farmer', 'ranch', 'harvest', 'equipment', 'vehicle'] },
  { name: 'restroom', glyph: Toilet, synonyms: ['bathroom', 'washroom', 'toilet', 'wc', 'comfort station', 'potty'] },
  { name: 'bath', glyph: Bath, synonyms: ['bathhouse', 'restroom', 'shower house', 'tub', 'amenities', 'services', 'bathroom', 'shower'] },
  { name: 'shower', glyph: ShowerHead, synonyms: ['showers', 'bathhouse', 'washroom', 'bath', 'bathroom', 'amenities', 'services'] },
  { name: 'laundry', glyph: WashingMachine, synonyms: ['washer', 'dryer', 'laundromat', 'clothes', 'tumble dryer', 'amenities', 'electronics', 'cycle', 'rinse', 'spin', 'drum'] },
  { name: 'wifi', glyph: Wifi, synonyms: ['internet', 'wireless', 'network', 'hotspot', 'connection', 'signal'] },
  { name: 'trash', glyph: Trash, synonyms: ['garbage', 'waste', 'dumpster', 'trash pickup', 'empty', 'deletion', 'cleanup', 'junk', 'clear', 'delete', 'remove', 'bin', 'recycle', 'discard', 'binoculars', 'rubbish'] },
  { name: 'recycle', glyph: Recycle, synonyms: ['recycling', 'waste', 'environment', 'sustainability', 'salvage', 'arrows'] },
  { name: 'phone', glyph: Phone, synonyms: ['contacts', 'call', 'telephone', 'numbers'] },
  { name: 'contacts', glyph: Contact, synonyms: ['contact', 'directory', 'people', 'staff', 'user', 'person', 'family', 'friend', 'acquaintance', 'listing', 'networking'] },
  { name: 'mail', glyph: Mail, synonyms: ['email', 'envelope', 'post office', 'message', 'letter', 'unread'] },
  { name: 'chat', glyph: MessageCircle, synonyms: ['messages', 'talk', 'conversation', 'comment', 'dialog', 'feedback', 'speech bubble'] },
  { name: 'messages', glyph: MessagesSquare, synonyms: ['notifications', 'news', 'chat', 'inbox', 'comment', 'conversation', 'dialog', 'feedback', 'speech bubbles', 'copy', 'multiple', 'discussion', 'interview', 'debate'] },
  { name: 'bell', glyph: Bell, synonyms: ['notifications', 'alerts', 'reminders', 'alarm', 'notification', 'sound', 'reminder'] },
  { name: 'send', glyph: Send, synonyms: ['send notification', 'push', 'broadcast', 'email', 'message', 'mail', 'paper airplane', 'paper aeroplane', 'submit'] },
  { name: 'megaphone', glyph: Megaphone, synonyms: ['announcements', 'news', 'notices', 'advertisement', 'announcement', 'attention', 'alert', 'loudspeaker', 'notification'] },
  { name: 'newspaper', glyph: Newspaper, synonyms: ['news', 'newsletter', 'bulletin', 'feed', 'home', 'magazine', 'article', 'headline'] },
  { name: 'info', glyph: Info, synonyms: ['information', 'about', 'details', 'help', 'advice', 'clue', 'hint', 'indicator', 'knowledge', 'notice', 'status', 'support', 'tooltip'] },
  { name: 'question', glyph: CircleQuestionMark, synonyms: ['faq', 'faqs', 'help', 'questions', 'support', 'question mark'] },
  { name: 'warning', glyph: TriangleAlert, synonyms: ['report an issue', 'problem', 'alert', 'hazard', 'emergency', 'danger', 'exclamation mark', 'linter'] },
  { name: 'first-aid', glyph: BriefcaseMedical, synonyms: ['medical', 'emergency', 'first aid', 'health', 'doctor', 'medicine'] },
  { name: 'hospital', glyph: Hospital, synonyms: ['health', 'clinic', 'doctor', 'emergency', 'infirmary', 'sanatorium', 'healthcare', 'hospice', 'emergency room', 'ward', 'building', 'medical', 'vet'] },
  { name: 'accessibility', glyph: Accessibility, synonyms: ['accessible', 'ada', 'wheelchair', 'disability', 'disabled', 'dda'] },
  { name: 'book', glyph: BookOpen, synonyms: ['regulations', 'rules', 'guide', 'policies', 'handbook', 'reading', 'pages', 'booklet', 'magazine', 'leaflet', 'pamphlet', 'library', 'writing', 'written', 'writer', 'author', 'story', 'script', 'screenplay', 'fiction', 'novel', 'information', 'knowledge', 'education', 'high school', 'university', 'college', 'academy', 'student', 'study', 'learning', 'homework', 'research', 'documentation', 'revealed', 'blank', 'plain'] },
  { name: 'library', glyph: Library, synonyms: ['books', 'reading', 'written', 'authors', 'stories', 'fiction', 'novels', 'information', 'knowledge', 'education', 'high school', 'university', 'college', 'academy', 'learning', 'study', 'research', 'collection', 'vinyl', 'records', 'albums', 'music', 'package'] },
  { name: 'clipboard', glyph: ClipboardList, synonyms: ['form', 'registration', 'survey', 'checklist', 'sign up', 'copy', 'paste', 'tasks'] },
  { name: 'clipboard-check', glyph: ClipboardCheck, synonyms: ['checked in', 'inspection', 'completed', 'copied', 'pasted', 'done', 'todo', 'tick', 'complete', 'task'] },
  { name: 'file', glyph: FileText, synonyms: ['document', 'pdf', 'brochure', 'data', 'txt'] },
  { name: 'folder', glyph: Folder, synonyms: ['files', 'documents', 'archive', 'directory'] },
  { name: 'list', glyph: List, synonyms: ['listing', 'directory', 'items', 'options'] },
  { name: 'grid', glyph: LayoutGrid, synonyms: ['category grid', 'submenu', 'sections', 'menu', 'app', 'home', 'start'] },
  { name: 'globe', glyph: Globe, synonyms: ['website', 'web', 'internet', 'link', 'world', 'browser', 'language', 'translate'] },
  { name: 'search', glyph: Search, synonyms: ['find', 'lookup', 'searchable map', 'scan', 'magnifier', 'magnifying glass', 'lens', 'locate', 'explore', 'discover', 'enlarge', 'zoom'] },
  { name: 'star', glyph: Star, synonyms: ['favorites', 'feedback', 'rating', 'review', 'bookmark', 'favorite', 'like'] },
  { name: 'heart', glyph: Heart, synonyms: ['favorites', 'love', 'like', 'emotion', 'suit', 'playing', 'cards'] },
  { name: 'bookmark', glyph: Bookmark, synonyms: ['saved', 'favorites', 'save', 'favorite', 'mark', 'label', 'attachment', 'file', 'stick', 'pin', 'read', 'clip', 'marker', 'tag'] },
  { name: 'thumbs-up', glyph: ThumbsUp, synonyms: ['feedback', 'like', 'approve', 'good', 'emotion'] },
  { name: 'handshake', glyph: Handshake, synonyms: ['partners', 'sponsors', 'volunteers', 'community', 'agreement', 'partnership', 'deal', 'business', 'assistance', 'cooperation', 'friendship', 'union', 'terms'] },
  { name: 'users', glyph: Users, synonyms: ['people', 'groups', 'community', 'members', 'clubs', 'group'] },
  { name: 'user', glyph: User, synonyms: ['account', 'profile', 'person', 'contact'] },
  { name: 'baby', glyph: Baby, synonyms: ['kids', 'family', 'childcare', 'nursery', 'child', 'childproof', 'children'] },
  { name: 'school', glyph: School, synonyms: ['classes', 'education', 'campus', 'building', 'childhood', 'university', 'learning', 'scholar', 'student', 'lecture', 'degree', 'course', 'academia', 'study', 'knowledge', 'classroom', 'research', 'diploma', 'graduation', 'professor', 'tutorial', 'homework', 'assignment', 'exam'] },
  { name: 'graduation', glyph: GraduationCap, synonyms: ['students', 'alumni', 'school', 'university', 'learn', 'study', 'mortarboard', 'education', 'ceremony', 'academic', 'hat', 'diploma', 'bachelor\'s', 'master\'s', 'doctorate'] },
  { name: 'church', glyph: Church, synonyms: ['chapel', 'worship', 'services', 'religion', 'temple', 'building'] },
  { name: 'city-hall', glyph: Landmark, synonyms: ['government', 'municipality', 'city hall', 'town hall', 'museum', 'bank', 'building', 'capitol', 'finance', 'money', 'art gallery', 'hall', 'institute', 'pediment', 'portico', 'doric', 'columns', 'pillars', 'classical', 'architecture', 'institution', 'monument', 'site', 'history', 'historic', 'library', 'temple', 'ancient', 'structure'] },
  { name: 'building', glyph: Building, synonyms: ['office', 'offices', 'apartments', 'administration', 'organisation', 'organization'] },
  { name: 'home', glyph: House, synonyms: ['residence', 'housing', 'living', 'building', 'architecture'] },
  { name: 'login', glyph: LogIn, synonyms: ['sign in', 'log in', 'account', 'arrow', 'enter', 'auth'] },
  { name: 'logout', glyph: LogOut, synonyms: ['sign out', 'log out', 'exit', 'arrow', 'auth'] },
  { name: 'lock', glyph: Lock, synonyms: ['secure', 'private', 'members only', 'security', 'password', 'admin'] },
  { name: 'key', glyph: KeyRound, synonyms: ['access', 'check in', 'keys', 'gate code', 'password', 'login', 'authentication', 'secure', 'unlock'] },
  { name: 'qr-code', glyph: QrCode, synonyms: ['scan', 'code', 'barcode', 'link', 'url', 'information', 'digital'] },
  { name: 'scan', glyph: ScanLine, synonyms: ['scan redemption', 'scanner', 'reader', 'checkout', 'till', 'cart', 'transaction', 'purchase', 'buy', 'product', 'packaging', 'retail', 'consumer', 'qr-code', 'dashed'] },
  { name: 'scan-qr', glyph: ScanQrCode, synonyms: ['scan', 'redeem', 'scan purchase', 'barcode', 'qr code', 'url', 'information', 'digital', 'scanner'] },
  { name: 'barcode', glyph: Barcode, synonyms: ['scan', 'product', 'upc', 'checkout', 'till', 'cart', 'transaction', 'purchase', 'buy', 'packaging', 'retail', 'consumer'] },
  { name: 'settings', glyph: Settings, synonyms: ['options', 'preferences', 'configuration', 'cog', 'edit', 'gear'] },
  { name: 'wrench', glyph: Wrench, synonyms: ['maintenance', 'services', 'repair', 'tools', 'account', 'settings', 'spanner', 'diy', 'toolbox', 'build', 'construction'] },
  { name: 'sparkles', glyph: Sparkles, synonyms: ['new', 'special', 'featured', 'highlights', 'stars', 'effect', 'filter', 'night', 'magic'] },
  { name: 'smartphone', glyph: Smartphone, synonyms: ['app', 'mobile', 'phone', 'cellphone', 'device', 'screen', 'display', 'touchscreen', 'portable', 'responsive'] },
];


export interface LibraryIcon {
  /** The stored icon name (menu item `icon`, iconData `title`). */
  name: string;
  /** The glyph as a compact, sanitized svg string (what iconData.svg stores). */
  svg: string;
  synonyms: readonly string[];
}

/** Spec 02 §9: the icon a new menu item starts with. */
export const DEFAULT_MENU_ICON = 'update_app';

/** The glyph svg the way it is stored: sanitized, compact, 24×24, in currentColor. */
export function glyphSvg(source: string): string {
  return sanitizeSvg(source).replace(/\s(class|id)="[^"]*"/g, '');
}

export const MENU_ICONS: readonly LibraryIcon[] = DEFINITIONS.map(({ name, glyph, synonyms }) => ({
  name,
  svg: glyphSvg(glyph),
  synonyms,
}));

const BY_NAME = new Map(MENU_ICONS.map((icon) => [icon.name, icon]));

/** The library icon with this name, or undefined. */
export function getMenuIcon(name: string | null | undefined): LibraryIcon | undefined {
  return name ? BY_NAME.get(name.trim().toLowerCase()) : undefined;
}

/** The icon with this name, else the default menu icon update_app. */
export function menuIconOrDefault(name: string | null | undefined): LibraryIcon {
  return getMenuIcon(name) ?? (BY_NAME.get(DEFAULT_MENU_ICON) as LibraryIcon);
}

const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/[^\p{L}\p{N}\s']/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Library icons matching a search, best first: an exact name, then names starting with the
 * query, then names containing it, then an exact synonym, then synonyms starting with or
 * containing it. Ties
 * keep the library's order. An empty query lists the whole library.
 */
export function searchIcons(query: string, limit?: number): LibraryIcon[] {
  const q = normalize(query);
  if (q === '') return limit === undefined ? [...MENU_ICONS] : MENU_ICONS.slice(0, limit);
  const rankText = (text: string, base: number): number | null => {
    const t = normalize(text);
    if (t === q) return base;
    if (t.startsWith(q)) return base + 1;
    if (t.split(' ').some((word) => word.startsWith(q))) return base + 2;
    if (t.includes(q)) return base + 3;
    return null;
  };
  const ranked: Array<{ icon: LibraryIcon; rank: number; index: number }> = [];
  MENU_ICONS.forEach((icon, index) => {
    let rank = rankText(icon.name, 0);
    if (rank === null) {
      for (const synonym of icon.synonyms) {
        const r = rankText(synonym, 10);
        if (r !== null && (rank === null || r < rank)) rank = r;
      }
    }
    if (rank !== null) ranked.push({ icon, rank, index });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.index - b.index);
  const icons = ranked.map(({ icon }) => icon);
  return limit === undefined ? icons : icons.slice(0, limit);
}
