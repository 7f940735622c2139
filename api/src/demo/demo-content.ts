// The words of the demo data: Russian, as the portal's default language.

/** Indexes into this list name a group below. */
export const demoDealerGroups = [
  { name: 'Базовые партнёры', discount_percent: '5.00', description: 'Стандартные условия для новых дилеров.' },
  { name: 'Серебряные партнёры', discount_percent: '10.00', description: 'Годовой оборот от 5 млн ₽.' },
  { name: 'Золотые партнёры', discount_percent: '15.00', description: 'Годовой оборот от 20 млн ₽, приоритетная отгрузка.' },
];

export const demoDealers = [
  { name: 'ТехноСнаб', legal_name: 'ООО «ТехноСнаб»', tax_id: '7701234560', group: 0, email: 'info@tehnosnab.example', phone: '+7 495 123-45-67', address: 'г. Москва, ул. Складская, д. 12' },
  { name: 'СеверТорг', legal_name: 'ООО «СеверТорг»', tax_id: '7802345676', group: 0, email: 'sales@severtorg.example', phone: '+7 812 234-56-78', address: 'г. Санкт-Петербург, пр. Обуховской Обороны, д. 70' },
  { name: 'УралКомплект', legal_name: 'АО «УралКомплект»', tax_id: '6603456789', group: 1, email: 'office@uralkomplekt.example', phone: '+7 343 345-67-89', address: 'г. Екатеринбург, ул. Монтажников, д. 4' },
  { name: 'Волга-Партнёр', legal_name: 'ООО «Волга-Партнёр»', tax_id: '5204567894', group: 1, email: 'zakaz@volga-partner.example', phone: '+7 831 456-78-90', address: 'г. Нижний Новгород, ул. Речная, д. 3' },
  { name: 'СибДилер', legal_name: 'ООО «СибДилер»', tax_id: '5405678900', group: 2, email: 'sib@sibdealer.example', phone: '+7 383 567-89-01', address: 'г. Новосибирск, ул. Станционная, д. 30' },
  { name: 'ЮгОпт', legal_name: 'ИП Петров А. С.', tax_id: '230167890115', group: 2, email: 'opt@yugopt.example', phone: '+7 861 678-90-12', address: 'г. Краснодар, ул. Ростовское шоссе, д. 14' },
];

/** Requests sent from /register: two wait for a decision (one of them from a known dealer's INN), one was turned down. */
export const demoRegistrationRequests = [
  { company_name: 'ООО «Климат-Сервис»', tax_id: '7729456789', contact_name: 'Ольга Смирнова', email: 'olga@klimat-service.example', phone: '+7 495 765-43-21', comment: 'Монтаж систем вентиляции, Москва и область. Интересуют кабель и крепёж.', status: 'new' as const, daysAgo: 2 },
  { company_name: 'ООО «ТехноСнаб Регион»', tax_id: '7701234560', contact_name: 'Игорь Власов', email: 'vlasov@tehnosnab-region.example', phone: '+7 495 111-00-22', comment: 'Филиал «ТехноСнаба», хотим свой кабинет.', status: 'new' as const, daysAgo: 1 },
  { company_name: 'ООО «Разовая покупка»', tax_id: '6312456784', contact_name: 'Пётр Иванов', email: 'ivanov@razovaya.example', phone: '+7 846 200-30-40', comment: '', status: 'rejected' as const, daysAgo: 20, decision_reason: 'Мы работаем с компаниями, которые перепродают товар; для разовой покупки обратитесь в розничный магазин.' },
];

export const demoVariables = [
  {
    key: 'contract_text',
    description: 'Текст дилерского договора на экране подписания.',
    value: [
      '# Дилерский договор',
      '',
      '1. **Предмет договора.** Поставщик передаёт Дилеру товары для последующей реализации, а Дилер принимает и оплачивает их на условиях настоящего договора.',
      '2. **Цены и скидки.** Цены определяются прайс-листом поставщика; скидка Дилера зависит от его группы и указывается в личном кабинете.',
      '3. **Заказы.** Дилер оформляет заказы через личный кабинет. Заказ считается принятым после подтверждения поставщиком.',
      '4. **Отгрузка.** Поставщик отгружает подтверждённые заказы со склада в согласованные сроки и сообщает трек-номер.',
      '5. **Претензии.** Претензии по качеству и комплектности принимаются через личный кабинет в течение 14 дней с момента получения товара.',
      '6. **Конфиденциальность.** Стороны не раскрывают третьим лицам условия сотрудничества и данные, полученные через личный кабинет.',
      '',
      'Нажимая «Подписать», Дилер подтверждает согласие с условиями договора.',
    ].join('\n'),
  },
  { key: 'min_order_total', description: 'Минимальная сумма заказа, ₽.', value: '1000.00' },
  { key: 'support_email', description: 'Адрес поддержки дилеров.', value: 'support@demo.test' },
];

/** `audienceGroup`: null for every dealer, otherwise an index into demoDealerGroups. */
export const demoNewsletters = [
  { title: 'Добро пожаловать в личный кабинет дилера', audienceGroup: null, published: true, daysAgo: 60,
    body: 'Рады видеть вас в новом **личном кабинете**!\n\nЗдесь можно:\n\n- смотреть каталог и остатки на складах;\n- оформлять и отслеживать заказы;\n- подавать претензии и запросы.\n\nВопросы — на адрес поддержки.' },
  { title: 'Новые поступления на склад в Москве', audienceGroup: null, published: true, daysAgo: 45,
    body: 'На московский склад поступила новая партия товаров.\n\n| Категория | Позиций |\n|---|---|\n| Инструменты | 120 |\n| Крепёж | 340 |\n\nЗаказы отгружаются в течение двух рабочих дней.' },
  { title: 'График работы в праздничные дни', audienceGroup: null, published: true, daysAgo: 30,
    body: 'В праздничные дни склады работают по сокращённому графику:\n\n1. 31 декабря — до 14:00;\n2. 1–8 января — выходные;\n3. с 9 января — в обычном режиме.' },
  { title: 'Обновление прайс-листа', audienceGroup: null, published: true, daysAgo: 21,
    body: 'С первого числа следующего месяца действует **обновлённый прайс-лист**. Цены в кабинете уже пересчитаны с учётом скидки вашей группы.' },
  { title: 'Специальные условия для базовых партнёров', audienceGroup: 0, published: true, daysAgo: 14,
    body: 'Для партнёров **базовой** группы до конца квартала действует дополнительная скидка *3 %* на крепёж.' },
  { title: 'Калькулятор заказа', audienceGroup: null, published: true, daysAgo: 10,
    body: 'В кабинете появился пошаговый **калькулятор**: выберите категорию, товар и количество — и сразу увидите цену со скидкой и наличие на складе.' },
  { title: 'Как подать претензию', audienceGroup: null, published: true, daysAgo: 5,
    body: 'Претензию можно подать в разделе «Претензии» в течение *14 дней* после получения товара. Приложите фото и номер заказа.' },
  { title: 'Черновик: летняя акция', audienceGroup: null, published: false, daysAgo: 0,
    body: 'Черновик объявления о летней акции. **Не опубликовано.**' },
];

/**
 * The catalogue: 8 categories × 5 product lines × 5 variants = 200 products. A product is named
 * `<line> <variant>`, its SKU is `<category>-<line>-<variant number>` (ET-DRL-03), its price grows
 * with the variant from the line's base price in roubles (see demo-data.ts).
 */
export interface DemoProductLine { code: string; name: string; base: number; unit?: string; description: string; variants: string[] }
export interface DemoCategory { code: string; name: string; lines: DemoProductLine[] }

export const demoCategories: DemoCategory[] = [
  { code: 'ET', name: 'Электроинструмент', lines: [
    { code: 'DRL', name: 'Дрель-шуруповёрт аккумуляторная', base: 4890, description: 'Двухскоростной редуктор, 21 положение муфты, кейс в комплекте.',
      variants: ['12 В, 2 А·ч', '14,4 В, 2 А·ч', '18 В, 2 А·ч', '18 В, 4 А·ч', '18 В бесщёточная, 5 А·ч'] },
    { code: 'PRF', name: 'Перфоратор SDS-plus', base: 7490, description: 'Три режима работы, энергия удара до 3,2 Дж, антивибрационная рукоятка.',
      variants: ['650 Вт', '800 Вт', '900 Вт', '1050 Вт', '1250 Вт'] },
    { code: 'AGM', name: 'Углошлифовальная машина', base: 3290, description: 'Защитный кожух без инструмента, плавный пуск.',
      variants: ['115 мм, 750 Вт', '125 мм, 900 Вт', '125 мм, 1200 Вт', '150 мм, 1400 Вт', '230 мм, 2200 Вт'] },
    { code: 'JSW', name: 'Лобзик электрический', base: 2990, description: 'Маятниковый ход, регулировка оборотов, пылеотвод.',
      variants: ['500 Вт', '650 Вт', '710 Вт', '800 Вт', '900 Вт с лазером'] },
    { code: 'CSW', name: 'Пила циркулярная', base: 5690, description: 'Глубина пропила регулируется, угол наклона до 45°.',
      variants: ['160 мм', '185 мм', '190 мм', '210 мм', '235 мм'] },
  ] },
  { code: 'HT', name: 'Ручной инструмент', lines: [
    { code: 'SCR', name: 'Набор отвёрток', base: 690, unit: 'набор', description: 'Хром-ванадиевая сталь, двухкомпонентные рукоятки.',
      variants: ['6 предметов', '8 предметов', '12 предметов', '24 предмета', '42 предмета с битами'] },
    { code: 'HMR', name: 'Молоток слесарный', base: 390, description: 'Кованая головка, фибергласовая рукоятка.',
      variants: ['200 г', '300 г', '500 г', '800 г', '1000 г'] },
    { code: 'WRN', name: 'Ключ гаечный комбинированный', base: 140, description: 'Хром-ванадиевая сталь, накидная часть с наклоном 15°.',
      variants: ['8 мм', '10 мм', '13 мм', '17 мм', '19 мм'] },
    { code: 'PLR', name: 'Плоскогубцы комбинированные', base: 450, description: 'Изолированные рукоятки до 1000 В.',
      variants: ['160 мм', '180 мм', '200 мм', '180 мм VDE', '200 мм VDE'] },
    { code: 'LVL', name: 'Уровень строительный', base: 520, description: 'Алюминиевый профиль, три глазка, точность 0,5 мм/м.',
      variants: ['400 мм', '600 мм', '800 мм', '1000 мм', '2000 мм'] },
  ] },
  { code: 'FX', name: 'Крепёж', lines: [
    { code: 'SWD', name: 'Саморез по дереву', base: 95, unit: 'уп', description: 'Жёлтый цинк, крестовой шлиц PH2, 200 шт. в упаковке.',
      variants: ['3,5×25', '3,5×35', '4,2×51', '4,8×76', '5×90'] },
    { code: 'SMT', name: 'Саморез по металлу со сверлом', base: 120, unit: 'уп', description: 'Оцинкованный, пресс-шайба, 200 шт. в упаковке.',
      variants: ['4,2×13', '4,2×16', '4,2×19', '4,2×25', '4,2×32'] },
    { code: 'DWL', name: 'Дюбель распорный с шурупом', base: 85, unit: 'уп', description: 'Полипропилен, для бетона и кирпича, 100 шт. в упаковке.',
      variants: ['6×30', '6×40', '8×40', '8×60', '10×60'] },
    { code: 'ANC', name: 'Анкерный болт с гайкой', base: 230, unit: 'уп', description: 'Оцинкованная сталь, 25 шт. в упаковке.',
      variants: ['M8×65', 'M8×85', 'M10×77', 'M10×97', 'M12×100'] },
    { code: 'RFS', name: 'Саморез кровельный', base: 310, unit: 'уп', description: 'С ЭПДМ-шайбой, окрашенный, 250 шт. в упаковке.',
      variants: ['4,8×29 RAL 3005', '4,8×35 RAL 3005', '5,5×19 RAL 6005', '5,5×32 RAL 8017', '5,5×51 RAL 8017'] },
  ] },
  { code: 'EL', name: 'Электрика', lines: [
    { code: 'CBL', name: 'Кабель ВВГнг(А)-LS', base: 42, unit: 'м', description: 'Медная жила, изоляция ПВХ пониженной пожароопасности.',
      variants: ['2×1,5', '3×1,5', '3×2,5', '3×4', '5×6'] },
    { code: 'MCB', name: 'Автоматический выключатель', base: 215, description: 'Характеристика C, отключающая способность 4,5 кА.',
      variants: ['1P 10 А', '1P 16 А', '1P 25 А', '2P 32 А', '3P 40 А'] },
    { code: 'SKT', name: 'Розетка с заземлением', base: 160, description: 'Скрытая установка, защитные шторки, 16 А.',
      variants: ['белая', 'слоновая кость', 'антрацит', 'двойная белая', 'влагозащищённая IP44'] },
    { code: 'EXT', name: 'Удлинитель силовой', base: 590, description: 'Сечение провода 3×1,5, с заземлением.',
      variants: ['3 розетки, 3 м', '4 розетки, 5 м', '5 розеток, 5 м', 'на катушке, 30 м', 'на катушке, 50 м'] },
    { code: 'JBX', name: 'Коробка распределительная', base: 75, description: 'Открытая установка, IP55, с гермовводами.',
      variants: ['80×80×50', '100×100×50', '100×100×70', '150×110×70', '190×140×70'] },
  ] },
  { code: 'LT', name: 'Освещение', lines: [
    { code: 'LMP', name: 'Лампа светодиодная', base: 95, description: 'Цоколь E27, 4000 K, ресурс 30 000 ч.',
      variants: ['7 Вт', '10 Вт', '13 Вт', '15 Вт', '20 Вт'] },
    { code: 'CLG', name: 'Светильник потолочный светодиодный', base: 990, description: 'Накладной, опаловый рассеиватель, 4000 K.',
      variants: ['12 Вт', '18 Вт', '24 Вт', '36 Вт', '48 Вт'] },
    { code: 'FLD', name: 'Прожектор светодиодный', base: 690, description: 'Алюминиевый корпус, IP65, 6500 K.',
      variants: ['20 Вт', '30 Вт', '50 Вт', '100 Вт', '150 Вт'] },
    { code: 'STR', name: 'Лента светодиодная', base: 180, unit: 'м', description: '12 В, SMD 2835, 60 диодов на метр.',
      variants: ['тёплый белый', 'нейтральный белый', 'холодный белый', 'RGB', 'IP65 нейтральный белый'] },
    { code: 'TRK', name: 'Светильник трековый', base: 1450, description: 'Однофазный шинопровод, поворотный корпус.',
      variants: ['10 Вт, белый', '20 Вт, белый', '20 Вт, чёрный', '30 Вт, чёрный', '40 Вт, чёрный'] },
  ] },
  { code: 'PL', name: 'Сантехника', lines: [
    { code: 'MIX', name: 'Смеситель для кухни', base: 2490, description: 'Однорычажный, керамический картридж 35 мм.',
      variants: ['хром', 'высокий излив, хром', 'с гибким изливом', 'чёрный матовый', 'с фильтром для питьевой воды'] },
    { code: 'BVL', name: 'Кран шаровой латунный', base: 290, description: 'Полнопроходной, PN 40, ручка-рычаг.',
      variants: ['1/2"', '3/4"', '1"', '1 1/4"', '1 1/2"'] },
    { code: 'PPR', name: 'Труба полипропиленовая PN 20', base: 65, unit: 'м', description: 'Для горячего и холодного водоснабжения.',
      variants: ['20 мм', '25 мм', '32 мм', '40 мм', '50 мм'] },
    { code: 'ELB', name: 'Угольник полипропиленовый 90°', base: 18, description: 'Под сварку, белый.',
      variants: ['20 мм', '25 мм', '32 мм', '40 мм', '50 мм'] },
    { code: 'SPH', name: 'Сифон для мойки', base: 340, description: 'С переливом и гофрой, пластик.',
      variants: ['1 1/2"×40', '1 1/2"×50', 'с отводом для стиральной машины', 'двойной', 'плоский для душевого поддона'] },
  ] },
  { code: 'PT', name: 'Лакокрасочные материалы', lines: [
    { code: 'INT', name: 'Краска интерьерная моющаяся', base: 890, unit: 'ведро', description: 'Глубокоматовая, база A, расход 8–10 м²/л.',
      variants: ['0,9 л', '2,5 л', '5 л', '9 л', '14 л'] },
    { code: 'PRM', name: 'Грунтовка глубокого проникновения', base: 240, unit: 'кан', description: 'Акриловая, для внутренних и наружных работ.',
      variants: ['1 л', '3 л', '5 л', '10 л', '20 л'] },
    { code: 'ENM', name: 'Эмаль ПФ-115', base: 310, unit: 'банка', description: 'Алкидная, глянцевая, для металла и дерева.',
      variants: ['белая, 0,9 кг', 'белая, 2,7 кг', 'чёрная, 0,9 кг', 'красная, 0,9 кг', 'серая, 2,7 кг'] },
    { code: 'VRN', name: 'Лак для дерева яхтный', base: 560, unit: 'банка', description: 'Уретан-алкидный, стойкий к ультрафиолету.',
      variants: ['матовый, 0,75 л', 'глянцевый, 0,75 л', 'матовый, 2,5 л', 'глянцевый, 2,5 л', 'полуматовый, 9 л'] },
    { code: 'RLR', name: 'Валик малярный с ручкой', base: 160, description: 'Полиакрил, ворс 12 мм.',
      variants: ['100 мм', '150 мм', '180 мм', '230 мм', '250 мм с телескопом'] },
  ] },
  { code: 'PP', name: 'Средства защиты', lines: [
    { code: 'GLV', name: 'Перчатки рабочие', base: 35, unit: 'пара', description: 'Трикотажные, с ПВХ-покрытием.',
      variants: ['х/б с ПВХ-точкой', 'нитриловое покрытие', 'латексное обливное', 'утеплённые', 'спилковые'] },
    { code: 'GGL', name: 'Очки защитные', base: 120, description: 'Поликарбонатные линзы, защита от запотевания.',
      variants: ['открытые прозрачные', 'открытые затемнённые', 'закрытые', 'с непрямой вентиляцией', 'для сварки'] },
    { code: 'HLM', name: 'Каска строительная', base: 290, description: 'ABS-пластик, храповик, ГОСТ EN 397.',
      variants: ['белая', 'жёлтая', 'оранжевая', 'красная', 'с подбородочным ремнём'] },
    { code: 'RSP', name: 'Респиратор', base: 45, description: 'Противоаэрозольный, с клапаном выдоха.',
      variants: ['FFP1', 'FFP2', 'FFP3', 'FFP2 угольный', 'полумаска многоразовая'] },
    { code: 'EAR', name: 'Наушники противошумные', base: 390, description: 'Регулируемое оголовье, мягкие амбушюры.',
      variants: ['SNR 25 дБ', 'SNR 28 дБ', 'SNR 30 дБ', 'SNR 32 дБ', 'на каску, SNR 30 дБ'] },
  ] },
];

export const demoWarehouses = ['Москва, склад № 1', 'Санкт-Петербург, склад № 2'];

export const demoCarriers = ['СДЭК', 'Деловые Линии', 'ПЭК', 'Байкал Сервис'];

export const demoOrderComments = [
  '', 'Просьба позвонить за час до доставки.', '', 'Доставка до склада в Подольске.', '',
  'Отгрузить одной партией.', '', 'Счёт прислать на бухгалтерию.', '',
];

/**
 * The orders of each demo dealer (an index into demoDealers), by status. Both demo accounts'
 * dealers (0 and 3) have orders in every status.
 */
export const demoOrderPlan: Array<{ dealer: number; statuses: Array<'new' | 'confirmed' | 'shipped' | 'completed' | 'cancelled'> }> = [
  { dealer: 0, statuses: ['new', 'new', 'confirmed', 'confirmed', 'shipped', 'shipped', 'completed', 'completed', 'completed', 'cancelled'] },
  { dealer: 1, statuses: ['new', 'confirmed', 'shipped', 'completed', 'cancelled'] },
  { dealer: 2, statuses: ['confirmed', 'shipped', 'completed', 'completed'] },
  { dealer: 3, statuses: ['new', 'confirmed', 'shipped', 'completed', 'completed', 'cancelled'] },
  { dealer: 4, statuses: ['new', 'shipped', 'completed', 'cancelled'] },
  { dealer: 5, statuses: ['confirmed', 'completed', 'completed'] },
];

/** Deletion requests: the dealer's n-th order in the given status. */
export const demoDeletionRequests = [
  { dealer: 0, orderStatus: 'new', nth: 0, status: 'pending', reason: 'Заказ оформлен повторно по ошибке, дубль заказа от той же даты.' },
  { dealer: 0, orderStatus: 'cancelled', nth: 0, status: 'approved', reason: 'Клиент отказался от поставки.' },
  { dealer: 3, orderStatus: 'confirmed', nth: 0, status: 'rejected', reason: 'Изменились планы закупки.' },
] as const;

/** Claims: on the dealer's n-th completed order, about its first item. */
export const demoClaims = [
  { dealer: 0, nth: 0, status: 'new', reason: 'damaged', description: 'Повреждена упаковка, на корпусе царапины.', resolution: '' },
  { dealer: 0, nth: 1, status: 'in_review', reason: 'shortage', description: 'Недовложение: в упаковке меньше, чем указано.', resolution: '' },
  { dealer: 0, nth: 2, status: 'accepted', reason: 'defect', description: 'Товар не включается после распаковки.', resolution: 'Замена товара со следующей отгрузкой.' },
  { dealer: 3, nth: 0, status: 'rejected', reason: 'defect', description: 'Трещина на корпусе.', resolution: 'Повреждение возникло при эксплуатации, случай не гарантийный.' },
  { dealer: 3, nth: 1, status: 'closed', reason: 'wrong_item', description: 'Пересорт: пришёл другой артикул.', resolution: 'Товар заменён, претензия закрыта.' },
  { dealer: 1, nth: 0, status: 'new', reason: 'defect', description: 'Брак покрытия на части товара.', resolution: '' },
] as const;
