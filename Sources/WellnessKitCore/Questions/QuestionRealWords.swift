/// English words a slip away from the reader's vocabulary, which spelling
/// correction must leave alone ("rain" is not "ran"): an unknown real word
/// declines the question, a corrected one would change its meaning.
/// Made by scripts/question_real_words.py from a word list (1830 words);
/// run it again when the vocabulary changes.
enum QuestionRealWords {
    static let words: Set<String> = Set(
        """
        absolve abut accosts acerbic achieve acidity acre acreage act activate activates actively actives
        activism activist activists actress ads aerated aerobatics aft aim ally alt amp amperage amt
        anaerobic ani ant apt archive area ares arm art ash ask asp ass ate auguster avenged averages
        averred averted awaked awaken awakens awakes backing baggiest bailing baiting balking banking
        barking basking bay bead bean beast beds bedside bedsides bee bellow bellows bend beset besot bests
        bet betaken betides betoken bets biasing bickers bidding biffing biggies bigness biker bikers
        bikinis bilked bilking billing binding binging binning birding bled blest blinked blinking blooded
        bloods bloody bloomed blow blurred blurted boggiest boiling boinked boinking booking bout boy
        braking bred bribing bricked bricking brisked brisking brunt bucking buggiest bulking bun bunking
        bunt bur burbled burdened burgled burners burnout burns bursted bust buts butt buy bye cabling
        caching cackled cackling calling caloric canaries cane canopies cans cant cardiac carding caribous
        carries carrion cautious ceiling cents chaises chassis chloride chlorides chlorine circled circling
        claimed clamber clammed clamped clan clashed clashes clasped clasps classed classic classics
        classier classiest classless classy clauses cleanses clicked climaxed climber climbers climbs
        clinked clipped clomped clubbed clumped coaling cocking coffined coiling cold colonies combated
        combine combines combing command commend comment commode commoner commonly commons commune communed
        compile compiled complex confined cont cooling copious copulae counted counter country counts county
        coupe coupled couples couplet couplets cowling crashes crasser crassest cribbed crimped crossed
        crosser crosses crossly crumbed crumple culling cunt curios curiously curling cursors cutlass
        cutlasses cycles cyclist cyclone darling darning darting dated dates daubing deceiver decimation
        deck dedication deeps deference deflation demoing depiction derivation deviating deviations devotion
        died differed differences differently differing diffidence diffident dilation ding distanced distant
        distaste distastes distincter distinctly distract district divination doc docking dodging doe doers
        doffing dog dogging doings doles doling dolling domes doming don donation donning dooming dopes
        doping dos dose doses dosing dot dotes doting dotting dousing doves downing dowsing doz dozes dozing
        dray drays dripped drone droning drooled droop drooped droplet dropper droppers drops drowned
        drowsed dubbing ducking ducting dueling dulling dumping dunging dunking dunning duo dusting ear
        earlier earliness earners earnest earns earthed earthiest earthliest easiest eeriest eery eighth
        eighths eights eighty elation election element elevating elevations elevator elevens eleventh
        elliptic elliptically emceeing enervation enliven equable equably equaled equally equals erectly eve
        exacted exacter exceedingly excelling excepting excised excises excluding excreting exorcise
        exorcised exorcises exorcism exorcisms exorcist exorcists exorcize exorcized exorcizes expending
        expertise extending fainest faintest faintness fair fairest fairness falls falsest fare farm fart
        farther fascist fastens fastness fatness fattest fattiest fear fellest fells fie fifteens fifteenth
        fifties fineness finesse firmest firmness firs firstly firsts fist fitters fittest fiver fives
        flashest flatness flattest flour footlights fora ford fore foresight fork form fort forthright
        fortnightly fours fourteens fourteenth frequency frequented frequenter frequents fro fulness fur
        furriest further furthers fustiest gains gamin gamines gape gaps gasp gelt gent gets gin given gives
        glinted globing gloving glowing goading goat gob gobbing god goings golfing goner gong gonging goo
        goofing goosing gorging goring gosling gouging gout gov govt gowning grafter grain grater graters
        greased greases greasier greatest greatly greener greeted grinned groping growing gyms hacking hags
        hailing halting halve hams hand hard harking hart hash hasp hasting hats hatting haven haves hawking
        haws hays haziest head headiest headrest hear hearten hearth hearths heartiest hearts hearty heat
        heating heave heavier heavies heaviness heavyset heftiest hefting heisting her hers hickeys hid hie
        hied hies highness hiker hikers hilt him hinging hint hinting hip hippest hipping his hissing
        hitching hits hoariest hocking hoisting honking hooking hooting hosting howl hows hulking hunting
        hurting husking ids ifs inc incs ind indoors infernal ink inks inn inns int integral integrals
        internal internals ion ions ism its jaguars jigging jiggled jiggling jobbing joggers joggled joggles
        joggling joining jolting joshing jotting joust judging jugging juggled juggling junk jut juts kids
        kind kindest kindles known knows laciest lacking ladling lagging lambing lamming lancing landing
        lankest lapping lapsing lapwing larding largest larking lased lashing lasing lassoed lassoing
        lastingly lasts lat lathing lats lauding laziest lazying leanest leas leashed leashing leasing
        leavens leftest legging leggings leggins lengthen lengths lengthy lest letting leveled leveler
        levelers lewdest licking lifts lighted lighten lightens lighter lighters lighting lightly lightness
        lights lilting limited limiting limning limping lingers linking linting lisping listing listings lit
        lithest loading loafing loaning lobbing locking lodgers lodging lodgings lofting loge loggers logo
        logs lolling loner longing longings longish longs looking looming loonier looniest looping loosest
        loosing looting lopping lording loudest lounged lounges lounging lowered lowers lowlier lowliest
        lowness lugging lunging lusting mad magnate mailers main mains maker makes man manacle manacled
        managements manager managers manages manatee mandate mandated mange manged mangled mangy manly
        manning mantled manured manures marched marcher marches mare mark marking marring mars mart mas
        massage massaged masters matters matures maximal maximums mayo meaning means meant med media medians
        mediate medical meg meh members men menaced menages menders mentors meres mergers merging meridian
        mes met meteors meter metered metes metrics mew middles mien miens mil mildest mildews miler milers
        milieus millers millisecond mils mind minds mine mines mingles mini minibus minicam minimal minimums
        minis mink minks minster mint mints minuets minus minuses minute minuted minutely minuter minutest
        minutia minx misters misuses mkay moaning mobbing mobiles mocking modding moire moist molding
        molting monarch montage monthly mooning mooring mooting mopping moraine mores mornings mos moth
        mothers moths motiles mounding mounting mourning mousing mulch munch musters mutters naughts nigh
        nighest nightie nighties nighty nimbler nines nod non nonmember nor nos note noughts nova now
        numbered numbers numbest oaf oak oar off oft oftener okays once ones opens orb orc ore our oust
        outdoes outdone outdoors outlook outs overact overage overalls overate overawe overfull overhaul
        overkill overlap overlay overs oversell overt overtly own parentage pas pasta paste pasts pasty pat
        pats pea peaks pear pease peer pendent percentages percentile percents perfect perk perm pert
        pertest pervert pier pleaded pleader pleas pleased pleases pleasure pleated pol polo pools portent
        precept present prevent pulsate pulsed pulses questing questioned questioner questions quiches
        quicken quickens quicker quickie quickies quickly quickness quietest quirkiest racking rafting rage
        raiders raiding rain raining raise ranched ranching rang ranged ranger rangers ranges rangier
        ranging rank ranking rant ranting rasping rat rated rates ratings ratting ravings reaches reacted
        reacting readied readier readies readily readiness reads ready readying reagent realign ream reaming
        reaping rearing rearmed rearming rebating recants recasting receded receding receipt recenter
        recently reciting recoiled recopied recorder recorders records recount recouped recreant rectors
        rectory recurred red redoing reefing reeking reeling reeving reffing reformed refuting regaling
        regarded regarding regents rehashed rehashing reining relating relaxing relaying relents reloaded
        reloading relying remaking remanding rematch renaming rending renting reorder reorged repaying
        repents reported reputing rereading rerunning rescind rescued rescuing resenting resents resetting
        resides residing resisting resorted resorting restating restive restoring resulting resuming
        retaking retarded retarding retched retches retching reticent retorted reusing revving rewarded
        rewarding reworded rewords reworked rid ridding riddles rider riders ridge ridges rids rifting
        ringing rinse rinsing rioting risen riser rises risking roached roaches roaching roaming roan
        roaring roasting rod rodeo roe roes roosting rooting roses rotting roughed roughen rougher rounding
        roundly rouse routing rte rubbing ruffing ruin ruining ruins rune runes rung rungs runnier runt
        runts rushing rusting rustling rutting sallowest saltest salutation sapient saturating scaliest
        scamming scanning scanted scarfed scarred scarves scatted science sconces scooter scorches scored
        scorer scorers scorned scoured scourge scourges scum scumming seaports seasons secession section
        sections secures seed seeding seeking seeming seen seep seeping send sent septa serpent set sevens
        seventh seventy shafted shamming sharked sharped sharper sharpest shatter sheering sheeting shelter
        shimming shimmying shingle shingled shingles shining shinning shinnying shirker shirted shlep
        shlepping shocker shooter shooters shopper shortcut shorted shorten shortens shortish shortlist
        shortly shortness shouted showier showiest shown shows showy shunning shutter shyster signing
        silence sim sims sin sincere sine singe singing singled singles sinking sinning situation skimming
        skimping skinning skirted slamming slanted slapping sledding sledging sleeking sleeper sleepier
        sleepily sleeps sleepy sleeting slewing slimming slinging slinking slipping sloping slopping
        slowness slum slumming slumping slurping smaller smallish smallness smarted smarten smarter smartest
        smelliest snarfed snarled sneering sneezing snorers snorted snowiest sob sod softest sol son soonest
        sop sore sores sorter sorters sorts sos sot soundly sow sox soy spamming spangle spanking spanning
        sparked sparred spatted spawning speared specced specked sped speeded speeder speeding speeds
        speedup speedy spelled spender spending spends spewed spicing spieled spieling spiking spilling
        spindle spindling spine spins spiny spireas spirits spiting spitting splinting sponging spooning
        sport sported sportier sportiest spots spotter spreader spreads spreed springing sprinting sprouts
        spurning spurted stabbed stabled stablest stacked staffed stained stalest stalked stalled stamped
        standards stapled starched stared starker starless starlet starred starter starters startle startled
        startles startup starved starves stashed stated stationer stationers stationery steeling steep
        steeping steeps steering stemming steppes stepping stepson stereos stillest stilted stinging
        stinking stinted stinting stipend stirred storeys storied stories stormed stouter stoutest strafed
        strawed strayed streaks streams streets strengthen strengths strep stressed stresses stud stunning
        stunted summing sumo sump sums sundaes sundial sunning supports suspend swami swamp swamping swarm
        swarmed swarming swatted sweeping sweepings swellest swept swigging swilling swindle swinging
        swiping swirling swishing swum tack tacked tacking tackled tackling tailing tainted tainting taker
        takes talking tan tank tanking tanks tanning tarmacked tarmacking tasking tat tattled teaching teen
        tel tells tend tens tent tern terrain thanked thanking theatre thee them then theorem thereby
        therein thereof thereon thereto they thins thirdly thirsts thirsty thirteens thirteenth thirties tho
        thorough though thought threes thrifty throngs thrum thwacked thwacking thwacks ticking tie ties
        tills timbers timbres timed timer timers toady toddled toe tog toggled tom ton too topical topically
        toppled tops tor tot totalled totally totals tousled tow toweled toy traced trachea tracing tracings
        tracker trackers tracks trading trailed trailer trailers trailing trainee trainees trainers trains
        traipsed traipsing traitor trammed tramming tramped tramping trapped trapper trapping trashed
        trashing trawled trawler trawling treadmills tree trekked trekking trialed trialing tricked tricking
        trickled trickling trill tropical trough troughs trucked trucker trucking truckled truckling
        trunking tucking twelves twill twining twos type typeset ump undergo uniquely uniquer uniquest ups
        upswing user uses vacation vale validation valuation valued values var variations variety viability
        vitiation wadding wads wafting wagging wags wailing waiter waiters waiting waiving waked wakeful
        waken wakening wakes waled waling walkers walkout walkouts walling waltzed waltzing wan wandering
        wanking wanting wants warding warming warning warping warring wars wartier wash washing wasp waster
        wasters wasting watcher watered waters watery waxwing ways weakened weakens weakling weaning wearing
        weather weaving wee weekday weekended weer wees weighs weighted weighty welched welding welling
        welshed welting wen wet whacked whacking whaling whatever wheat wheeler whelked whens whereas
        whereat whereby wherein whereof whereon wheres wherever whiled whiles whirled whistle whittle
        whoever wholes whomever whorled width wight wights wile willing wilting winking wintering wishing
        wit witch witching witting woe wok woken woks wolfing wooding woofing wording wordings workaday
        workday workers workings workmen works worming worried worrying worsted worsting worsts woulds
        wreaking writhed writhing yea yearn years yesterdays your yous zoned zones
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
