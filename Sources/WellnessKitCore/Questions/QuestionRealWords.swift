/// English words a slip away from the reader's vocabulary, which spelling
/// correction must leave alone ("rain" is not "ran"): an unknown real word
/// declines the question, a corrected one would change its meaning.
/// Made by scripts/question_real_words.py from a word list (1503 words);
/// run it again when the vocabulary changes.
enum QuestionRealWords {
    static let words: Set<String> = Set(
        """
        absolve abut accosts acerbic achieve acidity acre acreage act activate activates actively actives
        activism activist activists actress aerated aerobatics aft aim ally alt amp amperage amt anaerobic
        ani ant apt archive area ares arm art ate auguster avenged averages averred averted awaked awaken
        awakens awakes backing baggiest bailing baiting balking banking barking basking bay bead beast beds
        bedside bedsides bee bellow bellows bend beset besot bests bet betaken betides betoken bets biasing
        bickers bidding biffing biggies bigness biker bikers bikinis bilked bilking billing binding binging
        binning birding bled blest blinked blinking blooded bloods bloody bloomed blow blurred blurted
        boggiest boiling boinked boinking booking bout boy braking bred bribing bricked bricking brisked
        brisking bucking buggiest bulking bun bunking bunt bur burbled burdened burgled burners burns burnt
        bursted bust buts butt buy bye cabling caching cackled cackling calling caloric calorie canaries
        cane canopies cans cant cardiac carding carries carrion ceiling cents chaises chassis chlorides
        circled circling claimed clamber clammed clamped clan clashed clashes clasped clasps classed classic
        classics classier classiest classless classy clauses cleanses clicked climaxed climber climbers
        climbs clinked clipped clomped clubbed clumped coaling cocking coffined coiling colonies combated
        combine combines combing command commend comment commode commoner commonly commons commune communed
        compile compiled complex confined cont cooling copulae counted counter country counts county coupe
        coupled couples couplet couplets cowling crashes crasser crassest cribbed crimped crossed crosser
        crosses crossly crumbed crumple culling cunt curling cutlass cutlasses cycles cyclist cyclone
        darling darning darting daubing deceiver decimation dedication deeps deference deflation demoing
        depiction derivation deviating deviations devotion died differed differences differently differing
        diffidence diffident dilation ding distanced distances distant distaste distincter distinctly
        distract district divination doc docking dodging doe doers doffing dog dogging doings doles doling
        dolling domes doming don donation donning dooming dopes doping dos dose doses dosing dot dotes
        doting dotting dousing doves downing dowsing doz dozes dozing dray drays drone droning dubbing
        ducking ducting dueling dulling dumping dunging dunking dunning duo dusting earlier earliness
        earnest earthiest earthliest easiest eeriest eery eighth eighths eights eighty elation election
        element elevating elevations elevator elevens eleventh elliptic elliptically emceeing enervation
        enliven equable equably equaled equally equals erectly eve exacted exacter exceedingly excelling
        excepting excised excises excluding excreting exorcise exorcised exorcises exorcism exorcisms
        exorcist exorcists exorcize exorcized exorcizes expending expertise extending faintness fair fairest
        fairness fare farm fart farther fastest fastness fatness fattest fattiest fear fellest fie fifteens
        fifteenth fifties fineness finesse firmest firmness firs firstly firsts fist fitters fittest fiver
        fives flatness flour fora ford fore fork form fort fours fourteens fourteenth frequency frequented
        frequenter frequents fro fulness fur furriest further furthers fustiest gains gamin gape gaps gasp
        gelt gent gets gin globing gloving glowing goading goat gob gobbing god goings golfing goner gong
        gonging goo goofing goosing gorging goring gosling gouging gout gov govt gowning grafter grain
        grater graters greased greases greasier greatest greatly greener greeted groping growing gyms
        hacking hags hailing halve hams hand hard harking hart hash hasp hats haven haves hawking haws hays
        head hear hearten hearth hearths hearts hearty heat heave her hers hickeys hie hied hies highness
        hiker hikers hinging hinting hippest hipping hissing hit hitting hocking honking hooking howl hows
        hulking husking ids ifs inc ind indoors infernal ink inn ins int integral integrals internal
        internals ion ism its jaguars jigging jiggled jiggling jobbing joggers joggled joggles joggling
        joining jolting joshing jotting judging jugging juggled juggling kids kilometer kind kindest kindles
        laciest lankest largest lasting lasts lat lats laziest leanest leas leavens leftest lest letting
        leveled leveler levelers lewdest licking lifts lighted lighten lighter lighting lightly lights
        lilting limited limiting limning limping lingers linking linting lisping listing listings lit
        lithest lodgers lofting loge loggers logo logs loner longish longs loonier looniest loosest looting
        loudest lounged lounges lowered lowers lowlier lowliest lowness lusting mad magnate main mains maker
        makes man manacle manacled managements manager managers manages manatee mandate mandated mange
        manged mangled mangy manly mantled manured manures marched marcher marches massage massaged maximal
        maximums mayo means meant med media medians mediate medical meg meh men menaced menages meridian mes
        met mew mien miens mind minds mine mines mingles mini minibus minicam minimal minimums minis mink
        minks minster mint mints minuets minus minuses minute minuted minutely minuter minutest minutia minx
        misuses mkay moire moist monarch montage monthly mores mos moth moths mulch munch nigh nighest
        nightie nights nighty nimbler nines nod non nonmember nor nos note now numbered numbers numbest oaf
        oar off oft oftener once ones opens orb orc ore our oust outdoes outdone outdoors outlook outs
        overact overage overalls overate overawe overfull overhaul overkill overlap overlay overs oversell
        overt overtly own parentage pas pasta paste pasts pasty pat pats pea peaks pear pease peer pendent
        percentages percentile percents perfect perk perm pert pertest pervert pier pleaded pleader pleas
        pleased pleases pleasure pleated pol polo pools portent precept present prevent pulsate pulsed
        pulses rafting rage raiders rain raining rang ranged ranger rangers ranges rangier ranging rank
        ranking rant ranting rasping rat rated rates ratting reacting reading reagent ream reaming reaping
        rearing rebating recants recasting receded receipt recenter recently reciting recoiled recopied
        recorder recorders records recount recouped recreant rectors rectory recurred redoing reefing
        reeking reeling reeving reffing reformed refuting regarded regents reining relating relents reloaded
        relying rending renting reorder reorged repents reported reputing rerunning rescind rescuing
        resenting resents resetting resides residing resisting resorted resorting restating restive
        restoring resulting resuming retarded reticent retorted reusing revving rewarded reworded rewords
        reworked rid riddles rider riders ridge ridges rids rifting ringing rinsing rioting risking roan
        roasting rod rodeo roe roosting rooting rotting roughed roughen rougher rounding roundly routing rte
        rubbing ruffing ruin ruining ruins rune runes rung rungs runnier runt runts rushing rusting rustling
        rutting saltest salutation sapient saturating scaliest scamming scanning scanted scarfed scarred
        scarves scatted science sconces scooter scorches scored scorer scorers scorned scoured scourge
        scourges scum scumming seaports seasons secession section sections secures seed seeding seeking
        seeming seen seep seeping send sent serpent sevens seventh seventy shafted shamming sharked sharped
        sharper sharpest shatter sheering sheeting shelter shimming shimmying shining shinning shinnying
        shirker shirted shlepping shocker shooter shooters shopper shortcut shorted shorten shortens
        shortish shortlist shortly shortness shouted showier showiest shown shows showy shunning shutter
        shyster signing silence sim sims sin sincere sine singing sinking sinning situation skimming
        skimping skinning skirted slamming slanted slapping sledding sledging sleeking sleeper sleepier
        sleepily sleeps sleepy sleeting slewing slimming slinging slinking slipping sloping slopping slum
        slumming slumping slurping smaller smallish smallness smarted smarten smarter smartest smelliest
        snarfed snarled sneering sneezing snorers snorted sob sod softest sol son sop sore sores sorter
        sorters sorts sos sot soundly sow sox soy spamming spanking spanning sparked sparred spatted
        spawning speared specced specked sped speeded speeder speeding speeds speedup speedy spelled spender
        spending spends spewed spicing spieled spieling spiking spilling spindling spine spins spiny spireas
        spirits spiting spitting splinting sponging spooning sport sported sportier sportiest spots spotter
        spreader spreads spreed springing sprinting sprouts spurning spurted stabbed stabled stablest
        stacked staffed stained stalest stalked stalled stamped standards stapled starched stared starker
        starless starlet starred starter starters startle startled startles startup starved starves stashed
        stated stationer stationers stationery steeling steep steeping steeps steering stemming steppes
        stepping stepson stereos stillest stilted stinging stinking stinted stinting stipend stirred storeys
        storied stories stormed stouter stoutest strafed strawed strayed streaks streams streets strengthen
        strengths strep stressed stresses stud stunning stunted summing sumo sump sums sundaes sundial
        sunning supports suspend swami swamp swamping swarm swarmed swarming swatted sweeping sweepings
        swellest swigging swilling swinging swiping swirling swishing swum tack tacked tackled tailing
        tainted tainting taker takes tan tanning tarmacked tat tattled teen tel tells tend tens tent tern
        terrain thank thanked theatre thee them then theorem thereby therein thereof thereon thereto they
        thins thirdly thirsts thirsty thirteens thirteenth thirties tho threes thrifty thwacked tie ties
        timbers timbres timed timer timers toady toddled toe tog toggled tom ton too topical topically
        toppled tops tor tot totalled totally totals tousled tow toweled toy traced trachea tracing tracker
        trackers tracking tracks trading trailed trailer trailers trailing trainee trainees trainers trains
        traipsed traipsing traitor trammed tramming tramped tramping trapped trapper trapping trashed
        trashing trawled trawler trawling treadmills tree trekked trialed trialing tricked trickled tropical
        trucked trucker truckled twelves twining twos type typeset ump undergo uniquely uniquer uniquest ups
        upswing user uses vacation vale validation valuation valued values variations viability vitiation
        wadding wads wafting wagging wags wailing waiter waiters waiting waiving waked wakeful waken
        wakening wakes waled waling walkers walkout walkouts walling waltzed waltzing wanking wanting
        warding warming warning warping warring wars wartier wash washing wasp waster wasters wasting
        watcher watered waters watery waxwing ways weakened weakens weakling weaning wearing weather weaving
        wee weekday weekended weer wees weigh weighed weighs weighted weighty welding welling welting wen
        wet whacked whacking whaling whatever wheat wheeler whelked whens whereas whereat whereby wherein
        whereof whereon wheres wherever whoever whomever whorled width wight wights willing wilting winking
        wishing wit witch witching witting woe wok woken wolfing wooding woofing wording wordings workaday
        workday workers workings workmen works worming worried worrying worsted worsting wreaking writhing
        yea yearn years yesterdays your yous zoned zones
        """.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
}
